import { describe, expect, it } from 'vitest'
import {
  createRecoveryCodes,
  createTotpSecret,
  generateTotpCode,
  hashRecoveryCode,
  matchTotpStep,
  otpauthUrlOf,
  totpStepAt,
} from './totp.js'

const NOW = Date.UTC(2026, 10, 27, 12, 0, 15)

describe('TOTP codes', () => {
  it('accepts the code of now and of one step either side, with the step it belongs to', () => {
    const secret = createTotpSecret()
    const step = totpStepAt(NOW)
    expect(matchTotpStep(secret, generateTotpCode(secret, NOW), NOW)).toBe(step)
    expect(matchTotpStep(secret, generateTotpCode(secret, NOW - 30_000), NOW)).toBe(step - 1)
    expect(matchTotpStep(secret, generateTotpCode(secret, NOW + 30_000), NOW)).toBe(step + 1)
  })

  it('refuses a code two steps away, another secret’s code and malformed codes', () => {
    const secret = createTotpSecret()
    expect(matchTotpStep(secret, generateTotpCode(secret, NOW - 60_000), NOW)).toBeNull()
    const other = createTotpSecret()
    const otherCode = generateTotpCode(other, NOW)
    if (otherCode !== generateTotpCode(secret, NOW)) expect(matchTotpStep(secret, otherCode, NOW)).toBeNull()
    expect(matchTotpStep(secret, '12345', NOW)).toBeNull()
    expect(matchTotpStep(secret, 'abcdef', NOW)).toBeNull()
  })

  it('matches the RFC 6238 test vector for SHA-1 (59 s → 287082)', () => {
    // The RFC's key "12345678901234567890" in base32.
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'
    expect(generateTotpCode(secret, 59_000)).toBe('287082')
    expect(matchTotpStep(secret, '287082', 59_000)).toBe(1)
  })

  it('makes a 32-character base32 secret and an otpauth address naming the issuer and the account', () => {
    const secret = createTotpSecret()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    const url = new URL(otpauthUrlOf(secret, 'ann@example.com'))
    expect(url.protocol).toBe('otpauth:')
    expect(url.searchParams.get('secret')).toBe(secret)
    expect(url.searchParams.get('issuer')).toBe('Canopy')
    expect(decodeURIComponent(url.pathname)).toContain('ann@example.com')
  })
})

describe('recovery codes', () => {
  it('makes ten different codes of two groups of five', () => {
    const codes = createRecoveryCodes()
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)
  })

  it('hashes a code the same whatever its case, spaces and dashes, and different codes differently', () => {
    const [first, second] = createRecoveryCodes(2) as [string, string]
    expect(hashRecoveryCode(first)).toBe(hashRecoveryCode(` ${first.toUpperCase().replace('-', ' ')} `))
    expect(hashRecoveryCode(first)).not.toBe(hashRecoveryCode(second))
    expect(hashRecoveryCode(first)).toMatch(/^[0-9a-f]{64}$/)
  })
})
