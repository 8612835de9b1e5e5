/** Port: time-based one-time passwords (RFC 6238) as authenticator apps make them. */
export abstract class Totp {
  abstract generateSecret(): string;
  /** The otpauth:// address an authenticator app reads from a QR code, listed under `issuer`. */
  abstract uri(accountLabel: string, secret: string, issuer: string): string;
  /** The time step of `code` when it is valid now (within the tolerance) and later than `afterStep`; else null. */
  abstract verify(secret: string, code: string, afterStep: number | null): Promise<number | null>;
}
