import { hash, verify } from '@node-rs/argon2';
import { Injectable } from '@nestjs/common';
import { PasswordHasher } from './password-hasher';

/** argon2id (algorithm 2 of @node-rs/argon2) with the library's default cost: ~20-25 ms a hash here. */
const ARGON2ID = 2;

@Injectable()
export class Argon2PasswordHasher extends PasswordHasher {
  hash(secret: string): Promise<string> {
    return hash(secret, { algorithm: ARGON2ID });
  }

  async verify(hashed: string, secret: string): Promise<boolean> {
    try {
      return await verify(hashed, secret);
    } catch {
      return false;
    }
  }
}
