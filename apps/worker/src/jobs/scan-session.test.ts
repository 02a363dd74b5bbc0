import { SCAN_LOGIN_FAILED_PREFIX } from '@canopy/contracts'
import { describe, expect, it } from 'vitest'
import {
  isLoginPage,
  ScanCookiesRefusedError,
  type ScanSession,
  ScanSessions,
  ScanSignInError,
  type SessionSource,
} from './scan-session.js'

const LOGIN_URL = 'https://members.example/login'
const CHECK_URL = 'https://members.example/'

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A site in memory whose sessions end when told: each sign-in takes a little while and sets a session of its
 * own; a session holds until `endSessions`. It counts its sign-ins and session checks.
 */
function memorySite(kind: ScanSession['kind'] = 'form', signIn: () => void = () => undefined) {
  const live = new Set<string>()
  const site = { signIns: 0, checks: 0 }
  const source: SessionSource = {
    open: async () => {
      await pause(20)
      signIn()
      site.signIns += 1
      const value = `session-${site.signIns}`
      live.add(value)
      const cookies = [{ name: 'sid', value, domain: 'members.example', path: '/' }]
      return { kind, cookies, loginUrl: LOGIN_URL, checkUrl: CHECK_URL, generation: 1 }
    },
    holds: async (session) => {
      site.checks += 1
      await pause(5)
      return live.has(session.cookies[0]?.value ?? '')
    },
  }
  return { site, source, endSessions: () => live.clear() }
}

const cookieValue = (session: ScanSession | null) => session?.cookies[0]?.value

describe('a scan session kept in the process', () => {
  it('signs in once for the jobs that start together', async () => {
    const { site, source } = memorySite()
    const sessions = new ScanSessions()
    const all = await Promise.all(Array.from({ length: 5 }, () => sessions.current('scan-a', source)))
    expect(new Set(all.map(cookieValue))).toEqual(new Set(['session-1']))
    expect(site.signIns).toBe(1)
  })

  it('renews an ended session once for all the jobs that find it ended, and hands it to later ones', async () => {
    const { site, source, endSessions } = memorySite()
    const sessions = new ScanSessions()
    const first = await sessions.current('scan-b', source)
    if (!first) throw new Error('no session')
    endSessions()
    const renewed = await Promise.all(
      Array.from({ length: 6 }, () => sessions.afterLoginLanding('scan-b', first, source)),
    )
    expect(renewed.map(cookieValue)).toEqual(Array(6).fill('session-2'))
    expect(renewed.every((session) => session?.generation === 2)).toBe(true)
    expect(site.signIns).toBe(2)
    // A job that loaded its page with the old cookies and lands on the login page only now takes the new
    // session without signing in again; every job (and Lighthouse run) asking afresh gets it too.
    expect(cookieValue(await sessions.afterLoginLanding('scan-b', first, source))).toBe('session-2')
    expect(cookieValue(await sessions.current('scan-b', source))).toBe('session-2')
    expect(site.signIns).toBe(2)
    expect(site.checks).toBe(1)
  })

  it('keeps a session that still holds: the page itself sends members to sign in', async () => {
    const { site, source } = memorySite()
    const sessions = new ScanSessions()
    const first = await sessions.current('scan-c', source)
    if (!first) throw new Error('no session')
    expect(await sessions.afterLoginLanding('scan-c', first, source)).toBeNull()
    expect(await sessions.afterLoginLanding('scan-c', first, source)).toBeNull()
    expect(site.signIns).toBe(1)
    expect(site.checks).toBe(2)
  })

  it('fails every later page of a cookie set the site refused, checking it once', async () => {
    const { site, source, endSessions } = memorySite('cookies')
    const sessions = new ScanSessions()
    const first = await sessions.current('scan-d', source)
    if (!first) throw new Error('no session')
    endSessions()
    const refused = `The scan's sign-in cookies were refused by the site: it sent the scan to its login page ${LOGIN_URL}`
    for (let page = 0; page < 3; page++) {
      const landing = sessions.afterLoginLanding('scan-d', first, source)
      await expect(landing).rejects.toThrow(ScanCookiesRefusedError)
      await expect(landing).rejects.toThrow(refused)
    }
    expect(site.checks).toBe(1)
    expect(site.signIns).toBe(1)
  })

  it('stops renewing a session the site ends again and again, and fails the scan', async () => {
    const { site, source, endSessions } = memorySite()
    let now = 1_000_000
    const sessions = new ScanSessions({ renewals: 2, windowMs: 60_000 }, () => now)
    let session = await sessions.current('scan-e', source)
    for (let renewal = 0; renewal < 2; renewal++) {
      if (!session) throw new Error('no session')
      endSessions()
      now += 10_000
      session = await sessions.afterLoginLanding('scan-e', session, source)
    }
    if (!session) throw new Error('no session')
    endSessions()
    const stopped = `${SCAN_LOGIN_FAILED_PREFIX}the site ended the scan's session more than 2 times within 1 minute,`
    await expect(sessions.afterLoginLanding('scan-e', session, source)).rejects.toThrow(stopped)
    // The scan's other jobs here fail with the same reason, without signing in.
    await expect(sessions.current('scan-e', source)).rejects.toThrow(ScanSignInError)
    expect(site.signIns).toBe(3)
  })

  it('renews again once the earlier renewals are older than the window', async () => {
    const { site, source, endSessions } = memorySite()
    let now = 1_000_000
    const sessions = new ScanSessions({ renewals: 1, windowMs: 60_000 }, () => now)
    let session = await sessions.current('scan-f', source)
    for (let renewal = 0; renewal < 3; renewal++) {
      if (!session) throw new Error('no session')
      endSessions()
      now += 61_000
      session = await sessions.afterLoginLanding('scan-f', session, source)
    }
    expect(session?.generation).toBe(4)
    expect(site.signIns).toBe(4)
  })

  it('fails the scan when signing in again fails, as a first sign-in failure does', async () => {
    let refuse = false
    const { source, endSessions } = memorySite('form', () => {
      if (refuse) throw new ScanSignInError('the login page answered HTTP 500')
    })
    const sessions = new ScanSessions()
    const first = await sessions.current('scan-g', source)
    if (!first) throw new Error('no session')
    endSessions()
    refuse = true
    const failed = `${SCAN_LOGIN_FAILED_PREFIX}the login page answered HTTP 500`
    await expect(sessions.afterLoginLanding('scan-g', first, source)).rejects.toThrow(failed)
    await expect(sessions.current('scan-g', source)).rejects.toThrow(failed)
  })
})

describe('the login page of a session', () => {
  const session: ScanSession = {
    kind: 'form',
    cookies: [],
    loginUrl: LOGIN_URL,
    checkUrl: CHECK_URL,
    generation: 1,
  }

  it('is the login address, also when told where to go back to', () => {
    expect(isLoginPage(session, LOGIN_URL)).toBe(true)
    expect(isLoginPage(session, `${LOGIN_URL}?next=%2Fminutes`)).toBe(true)
    expect(isLoginPage(session, 'https://members.example/minutes')).toBe(false)
    expect(isLoginPage(session, 'https://elsewhere.example/login')).toBe(false)
    expect(isLoginPage({ ...session, loginUrl: null }, LOGIN_URL)).toBe(false)
    expect(isLoginPage(null, LOGIN_URL)).toBe(false)
  })

  it('is only that address when the login page names itself with a query', () => {
    const byQuery = { ...session, loginUrl: 'https://members.example/index.php?page=login' }
    expect(isLoginPage(byQuery, 'https://members.example/index.php?page=login')).toBe(true)
    expect(isLoginPage(byQuery, 'https://members.example/index.php?page=news')).toBe(false)
  })
})
