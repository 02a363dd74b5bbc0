import { describe, expect, it } from 'vitest'
import { AddressBlockedError } from '../net/index.js'
import { describeNoAnswer, describeRootAnswer } from './root-check.js'

const ROOT = 'https://council.example/'

describe('describeRootAnswer', () => {
  it('is null for an HTML page, and for a redirect that stays under the root', () => {
    expect(describeRootAnswer({ status: 200, finalUrl: ROOT, contentType: 'text/html' }, ROOT)).toBeNull()
    expect(
      describeRootAnswer({ status: 200, finalUrl: `${ROOT}home`, contentType: 'text/html' }, ROOT),
    ).toBeNull()
  })

  it('says why a root is not a page: an error answer, a redirect away, a file', () => {
    expect(describeRootAnswer({ status: 503, finalUrl: ROOT, contentType: 'text/html' }, ROOT)).toBe(
      'it answers HTTP 503',
    )
    expect(
      describeRootAnswer(
        { status: 200, finalUrl: 'https://www.council.example/', contentType: 'text/html' },
        ROOT,
      ),
    ).toBe('it redirects to https://www.council.example/, outside the site root')
    expect(describeRootAnswer({ status: 200, finalUrl: ROOT, contentType: 'application/pdf' }, ROOT)).toBe(
      'it is not an HTML page (application/pdf)',
    )
  })
})

describe('describeNoAnswer', () => {
  it("names the failure and keeps the socket's own words", () => {
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }),
    })
    expect(describeNoAnswer(refused)).toBe('the connection was refused (connect ECONNREFUSED 127.0.0.1:9)')
    const unknownHost = Object.assign(new Error('getaddrinfo ENOTFOUND council.invalid'), {
      code: 'ENOTFOUND',
    })
    expect(describeNoAnswer(unknownHost)).toBe(
      'its host name does not resolve (getaddrinfo ENOTFOUND council.invalid)',
    )
    expect(describeNoAnswer(new AddressBlockedError(ROOT, '10.0.0.1', 'private'))).toBe(
      'its address is private and not allow-listed (CANOPY_SCAN_ALLOW_HOSTS)',
    )
  })
})
