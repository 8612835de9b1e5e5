import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Observable } from 'rxjs';
import { RequestContext } from './request-context';

/**
 * A global interceptor: the route handler (and every use case it calls) runs with the request's
 * signed-in account and client address in RequestContext, which the activity log reads.
 */
@Injectable()
export class RequestContextInterceptor implements NestInterceptor {
  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'http') return next.handle();
    const req = ctx.switchToHttp().getRequest<FastifyRequest>();
    const user = req.user as { id: number; email?: string } | null | undefined;
    const actor = user && typeof user.email === 'string' ? { id: user.id, email: user.email } : null;
    return new Observable((subscriber) => RequestContext.run({ actor, ip: req.ip ?? null }, () => next.handle().subscribe(subscriber)));
  }
}
