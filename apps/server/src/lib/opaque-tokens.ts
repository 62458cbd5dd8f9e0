import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: refresh tokens and e-mail link tokens. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored, so a database leak gives no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
