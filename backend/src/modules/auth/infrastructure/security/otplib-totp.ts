import { Injectable } from '@nestjs/common';
import { generateSecret, generateURI, verify } from 'otplib';
import { Totp } from '../../application/ports/totp';
import { TOTP_TOLERANCE_SECONDS } from '../../domain/two-factor';

/** TOTP by otplib with its defaults, which are what authenticator apps expect: SHA-1, 6 digits, 30 s. */
@Injectable()
export class OtplibTotp extends Totp {
  generateSecret(): string {
    return generateSecret();
  }

  uri(accountLabel: string, secret: string, issuer: string): string {
    return generateURI({ issuer, label: accountLabel, secret });
  }

  async verify(secret: string, code: string, afterStep: number | null): Promise<number | null> {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: TOTP_TOLERANCE_SECONDS,
      ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }
}
