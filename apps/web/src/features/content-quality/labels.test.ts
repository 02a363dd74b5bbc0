import { describe, expect, it } from 'vitest'
import { CARD_BANDS, describeLinkStatus } from './labels'

describe('describeLinkStatus', () => {
  it('reads a code with its standard HTTP name, and Unknown outside 100-511', () => {
    expect(describeLinkStatus({ status: 404, error: null })).toEqual({ text: '404 Not Found' })
    expect(describeLinkStatus({ status: 500, error: null })).toEqual({ text: '500 Internal Server Error' })
    expect(describeLinkStatus({ status: 429, error: null })).toEqual({ text: '429 Too Many Requests' })
    expect(describeLinkStatus({ status: 999, error: null })).toEqual({ text: '999 Unknown' })
    expect(describeLinkStatus({ status: 599, error: null })).toEqual({ text: '599 Unknown' })
    expect(describeLinkStatus({ status: null, error: null })).toEqual({ text: 'Unknown' })
  })

  it("uses the spec's words for a certificate error (with its tooltip) and a timeout", () => {
    expect(describeLinkStatus({ status: 904, error: 'CertificateError' })).toEqual({
      text: 'Certificate Error',
      tooltip: 'There is an issue with this SSL certificate. It might work in some browsers, but not others.',
    })
    expect(describeLinkStatus({ status: 905, error: 'HttpTimeout' })).toEqual({ text: 'Timeout' })
  })

  it('names the failures the link check knows, and any other kind as an unexpected error', () => {
    expect(describeLinkStatus({ status: 908, error: 'RobotsDisallowed' })).toEqual({
      text: 'Disallowed by robots.txt',
    })
    expect(describeLinkStatus({ status: 0, error: 'InvalidUrl' })).toEqual({ text: 'Invalid URL' })
    expect(describeLinkStatus({ status: 950, error: 'Gremlins' })).toEqual({
      text: 'An unexpected Gremlins error occurred. Please try again later or contact support.',
    })
  })
})

describe('overview card thresholds', () => {
  it('readability: success at 90 or more, warning at 60 or more, fail otherwise', () => {
    expect([90, 89.9, 60, 59.9].map(CARD_BANDS.readability)).toEqual([
      'success',
      'warning',
      'warning',
      'fail',
    ])
  })

  it('broken links: success below 12.5, warning below 200, fail otherwise', () => {
    expect([12, 13, 199, 200].map(CARD_BANDS.brokenLinks)).toEqual(['success', 'warning', 'warning', 'fail'])
  })

  it('misspellings: success below 10, warning below 50; broken images: fail from one page', () => {
    expect([9, 10, 49, 50].map(CARD_BANDS.misspellings)).toEqual(['success', 'warning', 'warning', 'fail'])
    expect([0, 1].map(CARD_BANDS.brokenImages)).toEqual(['success', 'fail'])
  })
})
