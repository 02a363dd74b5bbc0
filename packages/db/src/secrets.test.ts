import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createSecretBox, SecretsKeyMissingError } from './secrets.js'

const key = () => randomBytes(32).toString('base64')

describe('secret box', () => {
  it('seals to text that holds nothing of the secret and opens it again', () => {
    const box = createSecretBox(key())
    const sealed = box.seal('jira-token-1234')
    expect(sealed).toMatch(/^v1:/)
    expect(sealed).not.toContain('jira-token')
    expect(box.seal('jira-token-1234')).not.toBe(sealed)
    expect(box.open(sealed)).toBe('jira-token-1234')
  })

  it('refuses a changed sealed value and another key', () => {
    const box = createSecretBox(key())
    const sealed = box.seal('secret')
    const parts = sealed.split(':')
    const tampered = [...parts.slice(0, 3), Buffer.from('other!').toString('base64url')].join(':')
    expect(() => box.open(tampered)).toThrow()
    expect(() => createSecretBox(key()).open(sealed)).toThrow()
  })

  it('without a key refuses to seal or open, with the reason', () => {
    const box = createSecretBox(null)
    expect(box.available).toBe(false)
    expect(() => box.seal('x')).toThrow(SecretsKeyMissingError)
  })

  it('a key of the wrong length is refused at once', () => {
    expect(() => createSecretBox(Buffer.from('short').toString('base64'))).toThrow(/32 bytes/)
  })
})
