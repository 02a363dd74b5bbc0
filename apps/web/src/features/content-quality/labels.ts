import type { BrokenLinkItem, BrokenLinkView } from '@canopy/contracts'
import statuses from 'statuses'

/** The content quality area's wording (messages.json), constants and thresholds (constants.json). */

export const CONTENT_QUALITY_MESSAGES = {
  title: 'Content quality',
  chartTabs: {
    overall: 'Overall',
    readability: 'Readability',
    brokenLinks: 'Broken links',
    misspellings: 'Misspellings',
  },
  cards: {
    readability: 'Readability score',
    brokenLinks: 'Broken links',
    misspellings: 'Misspellings',
    brokenImages: 'Broken images',
  },
  seeMore: 'See more',
  filterPages: 'Filter pages',
  noResults: 'No Results',
  pageActions: 'Page actions',
  views: { all: 'show all', internal: 'internal only', external: 'external only' },
  noBrokenLinks: (view: BrokenLinkView) => `No ${view} broken links were found`,
  noPagesAffected: 'No more pages affected by this broken link',
  noPagesAtLevel: (level: string) => `No pages which are ${level} were found`,
  unknownStatus: 'Unknown',
  certificateError: 'Certificate Error',
  certificateTooltip:
    'There is an issue with this SSL certificate. It might work in some browsers, but not others.',
  timeout: 'Timeout',
  unexpectedError: (error: string) =>
    `An unexpected ${error} error occurred. Please try again later or contact support.`,
  /** our wording: a link the check could not verify is not called broken */
  couldNotVerify: 'Could not verify',
  rewriteSuggestion:
    'Readers may struggle with this text: consider rewriting it in shorter sentences and plainer words.',
} as const

/** How long each answer stays fresh (constants.json clientCacheStaleTimes). */
export const CONTENT_QUALITY_STALE_TIME = {
  readability: 15 * 60_000,
  pagesAffectedByALink: 15 * 60_000,
  brokenLinks: 60_000,
  resources: 60_000,
} as const

/** Readability previews list 5 pages per level tab, with 5 skeleton rows (constants.json). */
export const READABILITY_PREVIEW_SIZE = 5

export type CardBand = 'success' | 'warning' | 'fail'

/** The overview cards' thresholds (constants.json scoreBands). */
export const CARD_BANDS = {
  /** success at 90 or more, warning at 60 or more, fail otherwise */
  readability: (score: number): CardBand => (score >= 90 ? 'success' : score >= 60 ? 'warning' : 'fail'),
  /** success below 12.5, warning below 200, fail otherwise */
  brokenLinks: (count: number): CardBand => (count < 12.5 ? 'success' : count < 200 ? 'warning' : 'fail'),
  /** success below 10, warning below 50, fail otherwise */
  misspellings: (count: number): CardBand => (count < 10 ? 'success' : count < 50 ? 'warning' : 'fail'),
  /** success when fewer than 1 page, fail otherwise */
  brokenImages: (pages: number): CardBand => (pages < 1 ? 'success' : 'fail'),
} as const

export const CARD_BAND_LABELS: Record<CardBand, string> = {
  success: 'Good',
  warning: 'Needs improvement',
  fail: 'Poor',
}

/** Our 9xx codes for failures without an answer (apps/worker link-status LINK_STATUS), by their error kind. */
const ERROR_NAMES: Record<string, string> = {
  DnsFailure: 'Host not found',
  ConnectionRefused: 'Connection refused',
  ConnectionReset: 'Connection reset',
  TooManyRedirects: 'Too many redirects',
  AddressBlocked: 'Address not checked',
  RobotsDisallowed: 'Disallowed by robots.txt',
  CrawlDelayBudget: 'Not checked (crawl delay)',
  InvalidUrl: 'Invalid URL',
  UnsupportedScheme: 'Unsupported address',
  NetworkError: 'Network error',
}

/** What a link's status reads: the error kind's words, else the code plus its standard HTTP name. */
export function describeLinkStatus(link: Pick<BrokenLinkItem, 'status' | 'error'>): {
  text: string
  tooltip?: string
} {
  if (link.error === 'CertificateError')
    return {
      text: CONTENT_QUALITY_MESSAGES.certificateError,
      tooltip: CONTENT_QUALITY_MESSAGES.certificateTooltip,
    }
  if (link.error === 'HttpTimeout') return { text: CONTENT_QUALITY_MESSAGES.timeout }
  if (link.error) {
    const known = ERROR_NAMES[link.error]
    return { text: known ?? CONTENT_QUALITY_MESSAGES.unexpectedError(link.error) }
  }
  if (link.status === null) return { text: CONTENT_QUALITY_MESSAGES.unknownStatus }
  // The standard names cover 100 to 511; anything else (999, a bot wall's code) is Unknown.
  const name = link.status >= 100 && link.status <= 511 ? statuses.message[link.status] : undefined
  return { text: `${link.status} ${name ?? CONTENT_QUALITY_MESSAGES.unknownStatus}` }
}
