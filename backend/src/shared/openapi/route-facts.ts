import type { INestApplication, PipeTransform, Type } from '@nestjs/common';
import { GUARDS_METADATA, METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import { ThrottlerGuard } from '@nestjs/throttler';
import { DECORATORS } from '@nestjs/swagger';
import { ACCESS_METADATA, type AccessPolicy } from '../auth/access';
import { IDEMPOTENT_METADATA } from '../http/idempotency/idempotent.decorator';
import { IdPipe } from '../http/id.pipe';
import { operationIdFor } from './operation-ids';

/** What a route really does, read from its decorators: the source of its security and error answers in openapi.yaml. */
export interface RouteFacts {
  /** The route's Access declaration (CONTRACT §12). */
  access: AccessPolicy;
  /** A signed-in account is needed (401 without one). */
  signedIn: boolean;
  admin: boolean;
  /** API tokens refused (403 AUTH.SESSION_REQUIRED). */
  sessionOnly: boolean;
  /** A ThrottlerGuard (AuthRateLimitGuard): 429 over the limit. */
  rateLimited: boolean;
  /** Path parameters read through IdPipe: 400 for a bad id. */
  idParams: string[];
  /** A @Body() parameter. */
  body: boolean;
  /** @Query() parameters. */
  query: boolean;
  /** A public route that reads the session (or a token) when there is one. */
  readsSession: boolean;
  /** @Idempotent(): takes an Idempotency-Key (409 while its first call runs, 422 for another request under it). */
  idempotent: boolean;
}

const guardsOf = (target: object): Array<Type<unknown>> => Reflect.getMetadata(GUARDS_METADATA, target) ?? [];
const isGuard = (guard: unknown, base: Type<unknown>) => typeof guard === 'function' && (guard === base || guard.prototype instanceof base);

/** The facts of every documented route, by its operationId (computed as the document computes it). */
export function routeFacts(app: INestApplication): Map<string, RouteFacts> {
  const facts = new Map<string, RouteFacts>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type<unknown> | null;
      if (!controller || Reflect.getMetadata(DECORATORS.API_EXCLUDE_CONTROLLER, controller)?.[0]) continue;
      const prototype = controller.prototype as Record<string, unknown>;
      for (const methodKey of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[methodKey];
        if (methodKey === 'constructor' || typeof handler !== 'function') continue;
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined || Reflect.getMetadata(METHOD_METADATA, handler) === undefined)
          continue;
        if (Reflect.getMetadata(DECORATORS.API_EXCLUDE_ENDPOINT, handler)?.disable) continue;
        const operation = Reflect.getMetadata(DECORATORS.API_OPERATION, handler) as { operationId?: string } | undefined;
        const id = operation?.operationId ?? operationIdFor(controller.name, methodKey);
        const guards = [...guardsOf(controller), ...guardsOf(handler)];
        const args = Object.entries(
          (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, methodKey) ?? {}) as Record<
            string,
            { data?: unknown; pipes?: Array<PipeTransform | Type<PipeTransform>> }
          >,
        ).map(([key, arg]) => ({ type: Number(key.split(':')[0]), ...arg }));
        const security = [
          ...((Reflect.getMetadata(DECORATORS.API_SECURITY, controller) as unknown[]) ?? []),
          ...((Reflect.getMetadata(DECORATORS.API_SECURITY, handler) as unknown[]) ?? []),
        ];
        const access = (Reflect.getMetadata(ACCESS_METADATA, handler) ?? Reflect.getMetadata(ACCESS_METADATA, controller)) as AccessPolicy;
        if (!access) throw new Error(`OpenAPI: ${id} declares no Access`);
        const signedIn = access.caller !== 'anyone';
        facts.set(id, {
          access,
          signedIn,
          admin: access.caller === 'admin',
          sessionOnly: access.tokens === 'none',
          rateLimited: guards.some((g) => isGuard(g, ThrottlerGuard)),
          idParams: args
            .filter((a) => a.type === RouteParamtypes.PARAM && (a.pipes ?? []).some((p) => p === IdPipe || p instanceof IdPipe))
            .map((a) => String(a.data)),
          body: args.some((a) => a.type === RouteParamtypes.BODY),
          query: args.some((a) => a.type === RouteParamtypes.QUERY),
          readsSession: !signedIn && access.tokens !== 'none' && security.length > 0,
          idempotent: Boolean(Reflect.getMetadata(IDEMPOTENT_METADATA, handler) ?? Reflect.getMetadata(IDEMPOTENT_METADATA, controller)),
        });
      }
    }
  }
  return facts;
}
