import { Injectable, OnApplicationBootstrap, RequestMethod, Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { ACCESS_METADATA, AccessPolicy } from './access';

export interface DeclaredRoute {
  controller: string;
  handler: string;
  method: string;
  access: AccessPolicy | undefined;
}

/** Every route handler of the application's controllers with its `Access` declaration (undefined: none). */
export function declaredRoutes(modules: ModulesContainer): DeclaredRoute[] {
  const routes: DeclaredRoute[] = [];
  for (const module of modules.values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type<unknown> | null;
      if (!controller) continue;
      const prototype = controller.prototype as Record<string, unknown>;
      for (const key of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[key];
        if (key === 'constructor' || typeof handler !== 'function') continue;
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) continue;
        const access = (Reflect.getMetadata(ACCESS_METADATA, handler) ?? Reflect.getMetadata(ACCESS_METADATA, controller)) as
          AccessPolicy | undefined;
        routes.push({ controller: controller.name, handler: key, method: RequestMethod[method], access });
      }
    }
  }
  return routes;
}

/** What is wrong with the declarations: a route without one, or a read token let into a route that changes something. */
export function declarationProblems(routes: DeclaredRoute[]): string[] {
  const problems: string[] = [];
  for (const r of routes) {
    const where = `${r.controller}.${r.handler}`;
    if (!r.access) problems.push(`${where} declares no Access (who may call it)`);
    else if (r.access.tokens === 'read' && r.method !== 'GET') problems.push(`${where} lets a read token into a ${r.method} route`);
  }
  return problems;
}

/** Refuses to start an application with a route nobody declared access for (CONTRACT §12). */
@Injectable()
export class AccessDeclarations implements OnApplicationBootstrap {
  constructor(private readonly modules: ModulesContainer) {}

  onApplicationBootstrap(): void {
    const problems = declarationProblems(declaredRoutes(this.modules));
    if (problems.length) throw new Error(`Routes without a valid access declaration:\n- ${problems.join('\n- ')}`);
  }
}
