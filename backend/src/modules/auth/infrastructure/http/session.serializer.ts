import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import { User, UserRepository } from '../../../clients';

/**
 * The session keeps only the user id (serializeUser, at sign-in). Requests read the account with the
 * session in one statement (session-store.ts) instead of passport.session(); deserializeUser stays
 * for passport's own calls. passport is one object per process and keeps every serializer registered
 * with it: once this app has closed (a test that starts a second app), its serializer passes ('pass')
 * to the next one instead of reading through its closed database connection.
 */
@Injectable()
export class SessionSerializer extends PassportSerializer implements OnModuleDestroy {
  private closed = false;

  constructor(private readonly users: UserRepository) {
    super();
  }

  onModuleDestroy(): void {
    this.closed = true;
  }

  serializeUser(user: User, done: (err: Error | null, id?: string) => void): void {
    done(null, String(user.id));
  }

  deserializeUser(id: string, done: (err: Error | string | null, user?: User | false) => void): void {
    if (this.closed) return done('pass');
    this.users
      .findById(Number(id))
      .then((user) => done(null, user ?? false))
      .catch((err: Error) => done(err));
  }
}
