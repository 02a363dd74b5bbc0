import { Writable } from 'node:stream'
import { afterAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from './helper.js'

/** What the API writes to its log for requests whose URL carries a token. */
describe('request logs', () => {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  let testApp: TestApp | undefined
  afterAll(() => testApp?.app.close())

  it('never hold a verification token or an invite token', async () => {
    testApp = await buildTestApp({}, { level: 'info', stream })
    const { app } = testApp
    await app.inject({
      method: 'GET',
      url: '/account/verify?user=someone&token=verify-SECRET-1&skipRedirect=true',
    })
    await app.inject({ method: 'GET', url: '/password/reset?token=reset-SECRET-2' })
    await app.inject({ method: 'GET', url: '/invites/invite-SECRET-3' })
    const log = lines.join('')
    expect(log).toContain('/account/verify?user=someone')
    expect(log).not.toMatch(/SECRET/)
  })
})
