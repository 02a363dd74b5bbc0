import { randomBytes } from 'node:crypto'
import { type PutScanLoginRequest, SCAN_JOB_NAMES, SCAN_QUEUE_NAMES, type ScanLogin } from '@canopy/contracts'
import { createSecretBox } from '@canopy/db'
import { Worker } from 'bullmq'
import { Redis } from 'ioredis'
import { describe, expect, it } from 'vitest'
import { createTestSiteWithAdminAndMember } from './factories.js'
import { useTestApp } from './helper.js'

const getApp = useTestApp({ queuePrefix: `scan-login-api-${randomBytes(4).toString('hex')}` })

const ROOT = 'https://members.example.test/'
const PASSWORD = 'correct-horse-battery-staple'

const FORM_FIELDS = {
  loginUrl: `${ROOT}members/login`,
  usernameSelector: '#email',
  passwordSelector: '#password',
  submitSelector: 'button[type=submit]',
  successCheck: { kind: 'text' as const, value: 'Signed in as' },
  username: 'member@example.test',
  password: PASSWORD,
}
const FORM = { kind: 'form', form: FORM_FIELDS } satisfies PutScanLoginRequest

async function siteWithLogin() {
  const { app } = await getApp()
  const setup = await createTestSiteWithAdminAndMember(app.prisma, { rootUri: ROOT })
  const url = `/api/v1/sites/${setup.site.slug}/scan-login`
  const put = (payload: unknown, cookie = setup.adminCookie) =>
    app.inject({ method: 'PUT', url, headers: { cookie }, payload: payload as object })
  return { app, url, put, ...setup }
}

describe('the sign-in for scans', () => {
  it('starts unset; a viewer gets 403 and an admin of another site 404', async () => {
    const { app, url, adminCookie, memberCookie, put } = await siteWithLogin()
    const unset = await app.inject({ url, headers: { cookie: adminCookie } })
    expect(unset.json()).toEqual({ kind: null, form: null, cookies: null, updatedAt: null })
    expect((await app.inject({ url, headers: { cookie: memberCookie } })).statusCode).toBe(403)
    expect((await put(FORM, memberCookie)).statusCode).toBe(403)
    // The admin of another site: this site does not exist for them.
    const { adminCookie: strangerCookie } = await createTestSiteWithAdminAndMember(app.prisma)
    expect((await app.inject({ url, headers: { cookie: strangerCookie } })).statusCode).toBe(404)
    expect((await put(FORM, strangerCookie)).statusCode).toBe(404)
  })

  it('stores a login form sealed and answers only whether each secret is set', async () => {
    const { app, site, url, adminCookie, put } = await siteWithLogin()
    const saved = await put(FORM)
    expect(saved.statusCode).toBe(200)
    expect(saved.body).not.toContain(PASSWORD)
    expect(saved.body).not.toContain('member@example.test')
    const { username: _username, password: _password, ...shown } = FORM.form
    expect(saved.json<ScanLogin>()).toMatchObject({
      kind: 'form',
      form: { ...shown, usernameSet: true, passwordSet: true },
      cookies: null,
    })
    const read = await app.inject({ url, headers: { cookie: adminCookie } })
    expect(read.body).not.toContain(PASSWORD)
    const row = await app.prisma.siteScanLogin.findUniqueOrThrow({ where: { siteId: site.id } })
    expect(JSON.stringify(row)).not.toContain(PASSWORD)
    expect(JSON.stringify(row)).not.toContain('member@example.test')
    const box = createSecretBox(process.env.CANOPY_SECRETS_KEY ?? null)
    expect(JSON.parse(box.open(row.sealed))).toEqual({ username: 'member@example.test', password: PASSWORD })
  })

  it('keeps the stored secrets when a change leaves them blank', async () => {
    const { app, site, put } = await siteWithLogin()
    await put(FORM)
    const changed = await put({
      kind: 'form',
      form: { ...FORM.form, submitSelector: '#sign-in', username: '', password: undefined },
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.json<ScanLogin>().form?.submitSelector).toBe('#sign-in')
    const row = await app.prisma.siteScanLogin.findUniqueOrThrow({ where: { siteId: site.id } })
    const box = createSecretBox(process.env.CANOPY_SECRETS_KEY ?? null)
    expect(JSON.parse(box.open(row.sealed)).password).toBe(PASSWORD)
  })

  it('asks for the secrets again when the stored ones were sealed under another key', async () => {
    const { app, site, put } = await siteWithLogin()
    await put(FORM)
    const otherBox = createSecretBox(randomBytes(32).toString('base64'))
    await app.prisma.siteScanLogin.update({
      where: { siteId: site.id },
      data: { sealed: otherBox.seal(JSON.stringify({ username: 'x', password: 'y' })) },
    })
    const blank = await put({ ...FORM, form: { ...FORM.form, username: '', password: '' } })
    expect(blank.statusCode).toBe(400)
    expect(blank.json().errors).toEqual({ 'form.username': 'Enter the username.' })
  })

  it('answers 400 naming the field', async () => {
    const { put } = await siteWithLogin()
    const noPassword = await put({ ...FORM, form: { ...FORM.form, password: '' } })
    expect(noPassword.statusCode).toBe(400)
    expect(noPassword.json().errors).toEqual({ 'form.password': 'Enter the password.' })
    const offSite = await put({
      ...FORM,
      form: { ...FORM.form, loginUrl: 'https://elsewhere.example/login' },
    })
    expect(offSite.statusCode).toBe(400)
    expect(offSite.json().errors).toEqual({
      'form.loginUrl': 'The login page must be on the site (https://members.example.test).',
    })
    const noSelector = await put({ ...FORM, form: { ...FORM.form, usernameSelector: ' ' } })
    expect(noSelector.statusCode).toBe(400)
    expect(noSelector.json().message).toContain('form.usernameSelector')
    const noCookieValue = await put({
      kind: 'cookies',
      cookies: [{ name: 'session', domain: 'members.example.test', path: '/' }],
    })
    expect(noCookieValue.json().errors).toEqual({ 'cookies.0.value': 'Enter the cookie value.' })
    const otherDomain = await put({
      kind: 'cookies',
      cookies: [{ name: 'session', value: 'abc', domain: 'tracker.example', path: '/' }],
    })
    expect(otherDomain.json().errors).toEqual({
      'cookies.0.domain': "The cookie must be for the site's host (members.example.test).",
    })
  })

  it('stores a cookie set without answering its values, and deletes it', async () => {
    const { app, url, adminCookie, put } = await siteWithLogin()
    const saved = await put({
      kind: 'cookies',
      cookies: [{ name: 'session', value: 'cookie-secret-value', domain: '.example.test', path: '/' }],
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.body).not.toContain('cookie-secret-value')
    expect(saved.json<ScanLogin>().cookies).toEqual([
      { name: 'session', domain: '.example.test', path: '/', valueSet: true },
    ])
    const removed = await app.inject({ method: 'DELETE', url, headers: { cookie: adminCookie } })
    expect(removed.statusCode).toBe(204)
    expect((await app.inject({ url, headers: { cookie: adminCookie } })).json<ScanLogin>().kind).toBeNull()
    expect((await app.inject({ method: 'DELETE', url, headers: { cookie: adminCookie } })).statusCode).toBe(
      404,
    )
  })
})

describe('testing the sign-in', () => {
  it('answers 409 while none is stored, else the worker’s result', async () => {
    const { app, config } = await getApp()
    const { url, adminCookie, put, site } = await siteWithLogin()
    const test = () => app.inject({ method: 'POST', url: `${url}/test`, headers: { cookie: adminCookie } })
    expect((await test()).statusCode).toBe(409)
    await put(FORM)
    // A stand-in for the worker: the API's part is to enqueue the job and wait for its result.
    const connection = new Redis(config.redisUrl, { maxRetriesPerRequest: null })
    const seen: unknown[] = []
    const worker = new Worker(
      SCAN_QUEUE_NAMES.scans,
      async (job) => {
        seen.push({ name: job.name, data: job.data })
        return { ok: false, message: 'Could not sign in to scan the site: wrong password' }
      },
      { connection, prefix: config.queuePrefix },
    )
    try {
      const answer = await test()
      expect(answer.statusCode).toBe(200)
      expect(answer.json()).toEqual({
        ok: false,
        message: 'Could not sign in to scan the site: wrong password',
      })
      expect(seen).toEqual([
        { name: SCAN_JOB_NAMES.testScanLogin, data: { siteId: site.id, requestId: expect.any(String) } },
      ])
    } finally {
      await worker.close()
      await connection.quit()
    }
  })
})
