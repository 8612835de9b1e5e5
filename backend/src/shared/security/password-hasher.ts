/** Port: one-way hashing of passwords and reset codes (argon2id in production). */
export abstract class PasswordHasher {
  abstract hash(secret: string): Promise<string>;
  abstract verify(hash: string, secret: string): Promise<boolean>;
}
