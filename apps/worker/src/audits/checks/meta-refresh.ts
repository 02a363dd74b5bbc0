import type { FindingElement } from '../engines/finding.js'
import { type CheckVerdict, findingsOf, readPage, understandingUrl } from './content-findings.js'
import type { PageCheck } from './page-check.js'

/** A refresh or redirect this many seconds away or more is the 20-hour exception of timing adjustable. */
const TWENTY_HOURS_S = 20 * 60 * 60

export interface MetaRefresh {
  /** seconds before the page reloads or leaves */
  delay: number
  /** where it goes; null for a reload of the same page */
  url: string | null
}

/**
 * The refresh a `<meta http-equiv="refresh">` content asks for, read as browsers do: a non-negative number
 * of seconds (fraction ignored), then optionally `;` or `,` and a URL (with or without `url=`). Null for a
 * content browsers ignore.
 */
export function parseMetaRefresh(content: string): MetaRefresh | null {
  const match = /^\s*(\d+)(?:\.[\d.]*)?\s*(?:[;,]\s*(?:url\s*=\s*)?(.*))?$/i.exec(content)
  if (!match) return null
  const url = (match[2] ?? '').trim().replace(/^(['"])(.*)\1$/, '$2')
  return { delay: Number(match[1]), url: url || null }
}

/** A timed refresh takes the page away before some readers finish it; an instant redirect does not. */
export function isTimedRefresh(refresh: MetaRefresh): boolean {
  return refresh.delay > 0 && refresh.delay < TWENTY_HOURS_S
}

const READ_META_REFRESH = `
  return [...document.querySelectorAll('meta[http-equiv]')]
    .filter((meta) => meta.getAttribute('http-equiv').trim().toLowerCase() === 'refresh')
    .map((meta) => ({ content: meta.getAttribute('content') || '', element: describe(meta) }));
`

const IDENTITY = {
  id: 'canopy-meta-refresh',
  criteria: ['2.2.1'],
  title: 'Pages must not refresh or redirect on a timer',
  description:
    'A `<meta http-equiv="refresh">` with a delay reloads the page or sends the reader elsewhere before some ' +
    'people have finished reading it, with no way to stop it. Redirect at once (delay 0, or better an HTTP ' +
    'redirect), or let the reader choose when to refresh.',
  helpUrl: understandingUrl('timing-adjustable'),
}

function verdictOf(content: string, element: FindingElement): CheckVerdict | null {
  const refresh = parseMetaRefresh(content)
  if (!refresh || !isTimedRefresh(refresh)) return null
  const action = refresh.url ? `sends the reader to ${refresh.url}` : 'reloads'
  return {
    outcome: 'failed',
    element,
    message: `The page ${action} after ${refresh.delay} seconds, and the reader cannot stop or extend it.`,
  }
}

export const metaRefreshCheck: PageCheck = {
  ...IDENTITY,
  changesPage: false,
  async run(page) {
    const metas = await readPage<{ content: string; element: FindingElement }[]>(page, READ_META_REFRESH)
    const verdicts = metas.flatMap(({ content, element }) => verdictOf(content, element) ?? [])
    return findingsOf(IDENTITY, verdicts, metas.length > 0)
  },
}
