import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from './passwords.js'

describe('passwords', () => {
  it('hashes with argon2id and a fresh salt each time', async () => {
    const first = await hashPassword('Canopy-test-2026')
    const second = await hashPassword('Canopy-test-2026')
    expect(first).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$/)
    expect(first).not.toBe(second)
  })

  it('verifies the right password only', async () => {
    const stored = await hashPassword('Canopy-test-2026')
    expect(await verifyPassword(stored, 'Canopy-test-2026')).toBe(true)
    expect(await verifyPassword(stored, 'canopy-test-2026')).toBe(false)
  })

  it('answers false for a stored value that is not a hash', async () => {
    expect(await verifyPassword('plain-text', 'plain-text')).toBe(false)
  })
})
