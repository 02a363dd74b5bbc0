import { createHash, randomInt } from 'node:crypto'
import { RECOVERY_CODE_COUNT, TOTP_DIGITS } from '@canopy/contracts'
import { Secret, TOTP } from 'otpauth'

/** The usual authenticator app settings (RFC 6238): SHA-1, 6 digits, a new code every 30 seconds. */
export const TOTP_PERIOD_SECONDS = 30
/** One step either side of now is accepted, for a clock a little off or a code typed as it changed. */
const ACCEPTED_STEPS_EITHER_SIDE = 1
const SECRET_BYTES = 20
const ISSUER = 'Canopy'

function totpOf(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  })
}

/** A new random shared secret, in base32 as authenticator apps take it when typed in. */
export function createTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32
}

/** The otpauth:// address the QR code carries: the app names the entry after the issuer and the e-mail. */
export function otpauthUrlOf(secret: string, email: string): string {
  return totpOf(secret, email).toString()
}

/** The 30-second time step a moment falls in. */
export function totpStepAt(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS)
}

/** The code of a secret at a moment (tests and the fake authenticator use it). */
export function generateTotpCode(secret: string, nowMs: number = Date.now()): string {
  return totpOf(secret).generate({ timestamp: nowMs })
}

/**
 * The time step of the code when it is the secret's code for now or one step either side, else null.
 * Whether that step was already used is the caller's check (a code is accepted once).
 */
export function matchTotpStep(secret: string, code: string, nowMs: number = Date.now()): number | null {
  const delta = totpOf(secret).validate({
    token: code.trim(),
    timestamp: nowMs,
    window: ACCEPTED_STEPS_EITHER_SIDE,
  })
  return delta === null ? null : totpStepAt(nowMs) + delta
}

/** Letters and digits that cannot be mistaken for each other when read aloud or copied by hand. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
const RECOVERY_GROUP_LENGTH = 5

function randomGroup(): string {
  let group = ''
  for (let i = 0; i < RECOVERY_GROUP_LENGTH; i += 1) {
    group += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]
  }
  return group
}

/** New recovery codes, shown as two groups of five ("k7m2p-x9qrt"), all different. */
export function createRecoveryCodes(count: number = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>()
  while (codes.size < count) codes.add(`${randomGroup()}-${randomGroup()}`)
  return [...codes]
}

/** A code as typed: case, spaces and dashes do not matter. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '')
}

/** Recovery codes are random and long, so a plain sha256 of the normalised code is enough to store. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex')
}
