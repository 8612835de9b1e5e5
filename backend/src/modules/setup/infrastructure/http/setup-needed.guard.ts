import { CanActivate, ExecutionContext, Injectable, NotFoundException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { FirstRun } from '../../application/first-run';

/**
 * Once setup is done the first run's routes do not exist: a 404 as for any unknown route, before the
 * body is even read (so a malformed body gets the 404 too, not a 400 about its fields).
 */
@Injectable()
export class SetupNeededGuard implements CanActivate {
  constructor(private readonly firstRun: FirstRun) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (await this.firstRun.isNeeded()) return true;
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    // 'Cannot …' is Nest's wording for an unknown route; the error filter answers it as one.
    throw new NotFoundException(`Cannot ${req.method} ${req.url.split('?', 1)[0]}`);
  }
}
