import { createHash, randomBytes } from 'node:crypto'

/** 32 random bytes, URL-safe: session cookies and e-mailed links carry these. */
export function createSecretToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Only the sha256 of a token is stored, so a leaked table cannot be replayed. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
