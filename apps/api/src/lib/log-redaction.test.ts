import { describe, expect, it } from 'vitest'
import { REDACTED, redactUrl } from './log-redaction.js'

describe('redactUrl', () => {
  it('replaces the values of secret query parameters and keeps the rest', () => {
    expect(redactUrl('/account/verify?user=u1&token=abc123&redirect_url=%2Fsite')).toBe(
      `/account/verify?user=u1&token=${encodeURIComponent(REDACTED)}&redirect_url=%2Fsite`,
    )
    expect(redactUrl('/password/reset?TOKEN=abc')).not.toContain('abc')
    expect(redactUrl('/api/v1/sites/demo/pages?page=2&search=x')).toBe(
      '/api/v1/sites/demo/pages?page=2&search=x',
    )
  })

  it('replaces the token of an invite path', () => {
    expect(redactUrl('/invites/s3cr3t')).toBe(`/invites/${REDACTED}`)
    expect(redactUrl('/api/v1/invites/s3cr3t/accept?x=1')).toBe(`/api/v1/invites/${REDACTED}/accept?x=1`)
    expect(redactUrl('/site/demo')).toBe('/site/demo')
  })
})
