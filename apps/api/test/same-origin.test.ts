import { SCAN_QUEUE_NAMES } from '@canopy/contracts'
import { describe, expect, it } from 'vitest'
import { FOREIGN_ORIGIN_MESSAGE } from '../src/plugins/app/same-origin.js'
import { createSessionCookie, createTestSiteWithAdminAndMember, createTestUser } from './factories.js'
import { useTestApp } from './helper.js'

/** A request that changes something, sent by a browser from another site's page, is refused. */
const getApp = useTestApp()

describe('requests from another site', () => {
  it('cannot sign a user out: 403, and the session still works', async () => {
    const { app } = await getApp()
    const user = await createTestUser(app.prisma)
    const cookie = await createSessionCookie(app.prisma, user.id)
    for (const headers of [
      { origin: 'https://evil.example' },
      { referer: 'https://evil.example/page' },
      { origin: 'null' },
    ]) {
      const response = await app.inject({ method: 'POST', url: '/logout', headers: { cookie, ...headers } })
      expect(response.statusCode).toBe(403)
      expect(response.json().message).toBe(FOREIGN_ORIGIN_MESSAGE)
    }
    const stillIn = await app.inject({ method: 'GET', url: '/auth/current-user', headers: { cookie } })
    expect(stillIn.statusCode).toBe(200)
  })

  it('cannot start a scan: 403 and nothing queued; the same request from Canopy’s own page is taken', async () => {
    const { app } = await getApp()
    const { site, adminCookie } = await createTestSiteWithAdminAndMember(app.prisma)
    const scan = (origin: string) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/sites/${site.slug}/scan`,
        headers: { cookie: adminCookie, origin, host: 'canopy.test' },
      })
    expect((await scan('https://evil.example')).statusCode).toBe(403)
    expect(await app.prisma.scan.count({ where: { siteId: site.id } })).toBe(0)
    const own = await scan('http://canopy.test')
    expect(own.statusCode).toBe(202)
    const { scanId } = own.json() as { scanId: string }
    await app.queues.get(SCAN_QUEUE_NAMES.scans).remove(`scan-site-${scanId}`)
  })

  it('reads are not checked: a GET from another page still answers', async () => {
    const { app } = await getApp()
    const user = await createTestUser(app.prisma)
    const cookie = await createSessionCookie(app.prisma, user.id)
    const response = await app.inject({
      method: 'GET',
      url: '/auth/current-user',
      headers: { cookie, origin: 'https://evil.example' },
    })
    expect(response.statusCode).toBe(200)
  })
})
