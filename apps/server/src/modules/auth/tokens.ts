import { hash, randomBytes } from 'node:crypto';

/** A new random token and the SHA-256 hash that is stored in its place. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('hex');
  return { token, hash: hashToken(token) };
}

/** SHA-256 in one call (no Hash object per request: every authenticated request hashes its token). */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
