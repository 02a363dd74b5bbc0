import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.js'

describe('loadConfig', () => {
  it('fills the defaults of the shared conventions', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      databaseUrl: 'postgresql://postgres@127.0.0.1:5432/canopy',
      redisUrl: 'redis://127.0.0.1:6379',
      queuePrefix: 'canopy',
      host: '127.0.0.1',
      port: 3000,
      publicUrl: 'http://127.0.0.1:3000',
      cookieSecure: false,
      sessionTtlHours: 336,
      logLevel: 'info',
      smtpUrl: null,
      mailFrom: 'Canopy <no-reply@localhost>',
      loginRateLimitMax: 10,
    })
    expect(config.webDistDir).toMatch(/apps\/web\/dist$/)
    expect(config.mailDir).toMatch(/\.data\/mail$/)
  })

  it('derives the cookie flag and sender from an https PUBLIC_URL and treats empty values as unset', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://canopy.example.org/', SMTP_URL: '', COOKIE_SECURE: '' })
    expect(config.publicUrl).toBe('https://canopy.example.org')
    expect(config.cookieSecure).toBe(true)
    expect(config.mailFrom).toBe('Canopy <no-reply@canopy.example.org>')
    expect(config.smtpUrl).toBeNull()
    expect(
      loadConfig({ PUBLIC_URL: 'https://canopy.example.org', COOKIE_SECURE: 'false' }).cookieSecure,
    ).toBe(false)
  })

  it('keeps the OpenAPI UI public everywhere but in production', () => {
    expect(loadConfig({}).publicApiDocs).toBe(true)
    expect(loadConfig({ NODE_ENV: 'development' }).publicApiDocs).toBe(true)
    expect(loadConfig({ NODE_ENV: 'production' }).publicApiDocs).toBe(false)
  })

  it('reads TRUST_PROXY as off, on, a hop count or proxy addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true)
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1')
  })

  it('uses a reachable address in PUBLIC_URL when listening on every interface', () => {
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '8080' }).publicUrl).toBe('http://127.0.0.1:8080')
  })

  it('names the variable when a value is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/)
  })
})
