/** Port: the server-side sessions, so that deleting an account or resetting a password ends them. */
export abstract class SessionRegistry {
  /** Ends every session of the user except `exceptSessionId`; answers how many ended. */
  abstract endSessionsOf(userId: number, exceptSessionId?: string): Promise<number>;
}
