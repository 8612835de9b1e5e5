/** POST /api/setup: the studio's name and its admin, with the code printed in the console. */
export interface CompleteSetupCommand {
  studioName: string;
  /** The photographer's name (the admin account's name). */
  name: string;
  email: string;
  password: string;
  code: string;
  /** The browser's IANA time zone, for the studio; the default (UTC) when absent. */
  timeZone?: string;
}
