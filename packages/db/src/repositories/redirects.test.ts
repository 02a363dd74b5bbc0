import { describe, expect, it } from 'vitest'
import { keepsBrowserRedirect } from './redirects.js'

describe('keepsBrowserRedirect', () => {
  const stub = 'https://e.org/book/chapter-1.html'
  const recorded = { url: stub, finalUrl: 'https://e.org/book/walks/river.html', lastScanId: 'scan-2' }

  it("keeps the browser's redirect of this scan when the check saw the stub answer for itself", () => {
    expect(keepsBrowserRedirect(recorded, { finalUrl: stub }, 'scan-2')).toBe(true)
    expect(keepsBrowserRedirect(recorded, { finalUrl: null }, 'scan-2')).toBe(true)
  })

  it('lets the check decide for an HTTP redirect, an older record or a link never seen redirecting', () => {
    expect(keepsBrowserRedirect(recorded, { finalUrl: 'https://e.org/elsewhere' }, 'scan-2')).toBe(false)
    expect(keepsBrowserRedirect(recorded, { finalUrl: stub }, 'scan-3')).toBe(false)
    expect(keepsBrowserRedirect({ ...recorded, finalUrl: null }, { finalUrl: stub }, 'scan-2')).toBe(false)
    expect(keepsBrowserRedirect({ ...recorded, finalUrl: stub }, { finalUrl: stub }, 'scan-2')).toBe(false)
  })
})
