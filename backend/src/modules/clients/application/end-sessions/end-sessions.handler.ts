import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../../../shared/errors/domain-error';
import { SessionRegistry } from '../../../../shared/session/session-registry';
import { UserRepository } from '../ports/user.repository';

/**
 * The admin signs an account out everywhere (a lost phone, a shared computer): every session of it
 * ends at once on every app instance. The admin's own current session is never the one ended.
 */
@Injectable()
export class EndSessionsHandler {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionRegistry,
  ) {}

  async execute(cmd: { userId: number; actorSessionId: string }): Promise<{ ended: number }> {
    const user = await this.users.findById(cmd.userId);
    if (!user) throw new NotFoundError('USERS.NOT_FOUND', 'Client not found');
    return { ended: await this.sessions.endSessionsOf(user.id, cmd.actorSessionId) };
  }
}

export function endedSessionsMessage(ended: number): string {
  if (ended === 0) return 'This client had no open sessions.';
  return ended === 1 ? 'Signed out of 1 session.' : `Signed out of ${ended} sessions.`;
}
