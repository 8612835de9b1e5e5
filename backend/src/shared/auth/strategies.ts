import { Injectable } from '@nestjs/common';
import passport from 'passport';

let applications = 0;

/**
 * The names this application's passport strategies go by. passport keeps its strategies per process, by
 * name; several applications can live in one process (the API tests start and stop many, some side by
 * side), so each registers its own under names of its own and its guards ask for those: a request is
 * never checked by another application's strategy (and so another database pool).
 */
@Injectable()
export class StrategyNames {
  private readonly suffix = `#${++applications}`;
  /** The password at sign-in (passport-local): the auth module's LocalStrategy. */
  readonly password = `password${this.suffix}`;
  /** `Authorization: Bearer sp_…`: the integrations module's ApiTokenStrategy. */
  readonly apiToken = `api-token${this.suffix}`;
  /** The session cookie: the auth module's SessionStrategy. */
  readonly session = `session${this.suffix}`;
}

/**
 * Moves a strategy that @nestjs/passport's PassportStrategy registered under its class-wide name to this
 * application's own name. Call it last in the strategy's constructor, and `dropStrategy` when it is destroyed.
 */
export function ownStrategy(strategy: passport.Strategy, classWideName: string, ownName: string): void {
  passport.unuse(classWideName);
  passport.use(ownName, strategy);
}

/** The application closes: its strategy goes with it. */
export function dropStrategy(ownName: string): void {
  passport.unuse(ownName);
}
