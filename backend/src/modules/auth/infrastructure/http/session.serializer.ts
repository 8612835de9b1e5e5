import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import { User, UserRepository } from '../../../clients';

/** The session keeps only the user id; each request loads the account, so a deleted one is signed out. */
@Injectable()
export class SessionSerializer extends PassportSerializer {
  constructor(private readonly users: UserRepository) {
    super();
  }

  serializeUser(user: User, done: (err: Error | null, id?: string) => void): void {
    done(null, String(user.id));
  }

  deserializeUser(id: string, done: (err: Error | null, user?: User | false) => void): void {
    this.users
      .findById(Number(id))
      .then((user) => done(null, user ?? false))
      .catch((err: Error) => done(err));
  }
}
