import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Observable } from 'rxjs';
import { credentialOf, viaOf } from '../auth/access';
import { RequestContext } from './request-context';

/**
 * A global interceptor: the route handler (and every use case it calls) runs with the request's
 * signed-in account, client address and credential (an API token's name) in RequestContext, which the activity log reads.
 */
@Injectable()
export class RequestContextInterceptor implements NestInterceptor {
  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'http') return next.handle();
    const req = ctx.switchToHttp().getRequest<FastifyRequest>();
    const user = req.user as { id: number; email?: string } | null | undefined;
    const actor = user && typeof user.email === 'string' ? { id: user.id, email: user.email } : null;
    const via = actor ? viaOf(credentialOf(req)) : null;
    return new Observable((subscriber) =>
      RequestContext.run({ actor, ip: req.ip ?? null, via }, () => next.handle().subscribe(subscriber)),
    );
  }
}
