import { CallHandler, ExecutionContext, HttpException, Injectable, Logger, NestInterceptor, StreamableFile } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { lastValueFrom, type Observable, of } from 'rxjs';
import { DataSource } from 'typeorm';
import { requestUser } from '../../auth/request-user';
import { DomainError } from '../../errors/domain-error';
import { HttpErrorFilter } from '../../errors/http-error.filter';
import { type Claim, IdempotencyStore, type IdempotentRequest } from './idempotency-store';
import { requestHash } from './request-hash';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

export const BAD_KEY_MESSAGE = 'Idempotency-Key must be 1 to 255 characters';
export const MISMATCH_MESSAGE = 'This Idempotency-Key was already used for a different request';
export const IN_PROGRESS_MESSAGE = 'A request with this Idempotency-Key is still being processed';

const fail = (status: number, code: string, message: string) => new HttpException({ message, code }, status);

/**
 * The same Idempotency-Key, the same answer, one effect (CONTRACT §14 and §17, decision 0046), on the
 * routes marked @Idempotent(). Without the header a call runs as always. With it, the first call claims
 * the key (per principal) before its handler runs; its answer, 2xx or 4xx, is kept 24 hours and given
 * again, with `Idempotent-Replayed: true`, to a repeat of the same request, whose handler does not run.
 * Another request under a used key is refused (422), so is a repeat while the first still runs (409); a
 * 5xx or an unexpected error lets the key go, so the call may be tried again with it.
 *
 * It runs after the guards (the caller is known) and before the pipes, so a validation error is an
 * answer like any other and is replayed too.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Idempotency');
  private readonly store: IdempotencyStore;
  /** The error filter's own wording of a 4xx, kept as the answer. */
  private readonly errors = new HttpErrorFilter();

  constructor(dataSource: DataSource) {
    this.store = new IdempotencyStore(dataSource);
  }

  async intercept(ctx: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (ctx.getType() !== 'http') return next.handle();
    const req = ctx.switchToHttp().getRequest<FastifyRequest>();
    const reply = ctx.switchToHttp().getResponse<FastifyReply>();
    const key = idempotencyKeyOf(req);
    const principal = principalOf(req);
    if (key === undefined || !principal || ['GET', 'HEAD', 'OPTIONS'].includes(req.method)) return next.handle();

    const request: IdempotentRequest = {
      principal,
      key,
      method: req.method,
      route: req.routeOptions?.url ?? req.url.split('?', 1)[0],
      hash: requestHash(req.body, req.params),
    };
    const outcome = await this.store.claim(request);
    switch (outcome.kind) {
      case 'mismatch':
        throw fail(422, 'REQUEST.IDEMPOTENCY_MISMATCH', MISMATCH_MESSAGE);
      case 'in progress':
        throw fail(409, 'REQUEST.IDEMPOTENCY_IN_PROGRESS', IN_PROGRESS_MESSAGE);
      case 'answered':
        reply.status(outcome.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
        return of(outcome.body ?? undefined);
      case 'claimed':
        return of(await this.run(request, outcome.claim, req, reply, next));
    }
  }

  /** Runs the handler once and keeps its answer; rethrows what it throws, after keeping a 4xx. */
  private async run(
    request: IdempotentRequest,
    claim: Claim,
    req: FastifyRequest,
    reply: FastifyReply,
    next: CallHandler,
  ): Promise<unknown> {
    let value: unknown;
    try {
      value = await lastValueFrom(next.handle(), { defaultValue: undefined });
    } catch (err) {
      if (isClientError(err)) {
        const body = this.errors.toBody(err, req, req.id ? String(req.id) : undefined);
        await this.keep(request, claim, body.statusCode, JSON.stringify(body));
      } else {
        await this.letGo(request, claim);
      }
      throw err;
    }
    if (reply.statusCode >= 500 || !isJson(value)) await this.letGo(request, claim);
    else await this.keep(request, claim, reply.statusCode, value === undefined ? null : JSON.stringify(value));
    return value;
  }

  private async keep(request: IdempotentRequest, claim: Claim, status: number, body: string | null): Promise<void> {
    try {
      await this.store.answer(request, claim, status, body);
    } catch (err) {
      // The call has had its effect: its answer is still sent. The key stays claimed (409 to a repeat) until it is abandoned.
      this.logger.warn(`the answer under an Idempotency-Key could not be kept: ${(err as Error).message}`);
    }
  }

  private async letGo(request: IdempotentRequest, claim: Claim): Promise<void> {
    await this.store
      .release(request, claim)
      .catch((err: Error) => this.logger.warn(`an Idempotency-Key could not be let go: ${err.message}`));
  }
}

/** The Idempotency-Key header's value, undefined without one; a 400 when it is empty or over 255 characters. */
export function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const value = req.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length < 1 || value.length > 255) throw fail(400, 'REQUEST.BAD_IDEMPOTENCY_KEY', BAD_KEY_MESSAGE);
  return value;
}

/** Who is calling, as keys are scoped: an API token (by its id) or a signed-in account (by its id); null for nobody. */
export function principalOf(req: FastifyRequest): string | null {
  if (req.tokenAuth) return `token:${req.tokenAuth.tokenId}`;
  const user = requestUser(req);
  return user ? `user:${user.id}` : null;
}

/** A refusal the error filter answers in full (a 4xx): kept and replayed like a success. */
function isClientError(err: unknown): err is DomainError | HttpException {
  if (err instanceof DomainError) return err.kind !== 'unavailable';
  return err instanceof HttpException && err.getStatus() < 500;
}

/** An answer that is sent as JSON (or nothing), so it can be kept in a jsonb column. */
function isJson(value: unknown): boolean {
  if (value === null || typeof value !== 'object')
    return typeof value !== 'function' && typeof value !== 'bigint' && typeof value !== 'symbol';
  return !(value instanceof StreamableFile) && !Buffer.isBuffer(value) && typeof (value as { pipe?: unknown }).pipe !== 'function';
}
