import { describe, expect, it } from 'vitest'
import { isGuessablePassword } from './password-strength.js'

describe('isGuessablePassword', () => {
  it('refuses common and breached passwords, keyboard walks, and ones made of what the user told us', () => {
    for (const password of [
      'password1234',
      'Qwerty123456!',
      'abc123abc123',
      '123456789012',
      'canopycanopy',
    ]) {
      expect(isGuessablePassword(password), password).toBe(true)
    }
    expect(isGuessablePassword('augustalovelace', ['ada@example.org', 'Augusta', 'Lovelace'])).toBe(true)
  })

  it('accepts long passphrases and the passwords the demo and tests use', () => {
    for (const password of [
      'correct horse battery staple',
      'Canopy-demo-2026',
      'A-new-long-passphrase-2026',
    ]) {
      expect(isGuessablePassword(password), password).toBe(false)
    }
  })
})
