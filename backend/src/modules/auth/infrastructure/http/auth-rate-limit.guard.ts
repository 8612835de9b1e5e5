import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';

/**
 * AUTH_IP_LIMIT_PER_MIN counts sign-in, registration and reset calls together per client address,
 * rather than per route, so an address cannot multiply its budget by switching between them.
 */
@Injectable()
export class AuthRateLimitGuard extends ThrottlerGuard {
  protected override generateKey(_context: ExecutionContext, tracker: string, name: string): string {
    return `${name}:${tracker}`;
  }
}
