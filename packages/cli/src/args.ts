import { parseArgs } from 'node:util'

export const SCORE_NAMES = ['accessibility', 'contentQuality', 'seo', 'performance'] as const
export type ScoreName = (typeof SCORE_NAMES)[number]

/** What people type for each score: the API's name, or the spelling of the product's URLs. */
const SCORE_ALIASES: Record<string, ScoreName> = {
  accessibility: 'accessibility',
  a11y: 'accessibility',
  contentquality: 'contentQuality',
  'content-quality': 'contentQuality',
  seo: 'seo',
  performance: 'performance',
}

export interface ScanOptions {
  /** the site to scan; null with a --url alone: that one page, wherever it is (a single-page scan) */
  site: string | null
  /** with --site, a page of the site: scan only it (POST /sites/:slug/scans); alone, any page */
  url: string | null
  minScores: Partial<Record<ScoreName, number>>
  failOnNewIssues: boolean
  json: boolean
  /** seconds to wait for the scan before giving up */
  timeoutSeconds: number
}

export class UsageError extends Error {}

export const USAGE = `Usage: canopy scan --site <slug> [--url <page>] [--min-score accessibility=90,seo=80]
                   [--fail-on-new-issues] [--json] [--timeout <seconds>]
       canopy scan --url <page> [--min-score ...] [--fail-on-new-issues] [--json] [--timeout <seconds>]

With --site, the site (or, with --url, that page of it) is scanned and compared with its previous scan.
With --url alone, that one page is scanned wherever it is, as "Add single page" does; it has no previous
scan, so every failed issue on it counts as new.

Environment: CANOPY_URL (the Canopy address, e.g. https://canopy.example.com)
             CANOPY_TOKEN (a personal API token with write access to the site, from your profile)

Exits 0 when every gate passes, 1 when a score is below its minimum or new failed issues appeared
(with --fail-on-new-issues), 2 for a usage or connection error.`

/** "accessibility=90,seo=80" -> { accessibility: 90, seo: 80 } */
export function parseMinScores(text: string): Partial<Record<ScoreName, number>> {
  const scores: Partial<Record<ScoreName, number>> = {}
  for (const part of text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const [rawName, rawValue, ...rest] = part.split('=')
    const name = SCORE_ALIASES[(rawName ?? '').trim().toLowerCase()]
    const value = Number(rawValue)
    if (!name) throw new UsageError(`--min-score: unknown score "${rawName}" (use ${SCORE_NAMES.join(', ')})`)
    if (rest.length > 0 || !rawValue?.trim() || !Number.isFinite(value) || value < 0 || value > 100) {
      throw new UsageError(`--min-score: ${rawName} needs a number from 0 to 100, as in ${rawName}=90`)
    }
    scores[name] = value
  }
  return scores
}

function isWebAddress(text: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol)
  } catch {
    return false
  }
}

/** The arguments after the program name; throws UsageError with what is wrong. */
export function parseScanArgs(argv: string[]): ScanOptions {
  const [command, ...rest] = argv
  if (command !== 'scan') throw new UsageError(command ? `unknown command "${command}"` : 'no command given')
  const { values } = parseArgs({
    args: rest,
    strict: true,
    options: {
      site: { type: 'string' },
      url: { type: 'string' },
      'min-score': { type: 'string', multiple: true },
      'fail-on-new-issues': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      timeout: { type: 'string', default: '3600' },
    },
  }).valueOf() as { values: Record<string, unknown> }
  const site = (values.site as string | undefined) || null
  const url = (values.url as string | undefined) || null
  if (!site && !url) throw new UsageError('--site <slug> or --url <page> is required')
  if (url !== null && !isWebAddress(url))
    throw new UsageError(`--url: "${url}" is not a web address starting with http:// or https://`)
  const timeoutSeconds = Number(values.timeout)
  if (!Number.isInteger(timeoutSeconds) || timeoutSeconds < 1)
    throw new UsageError('--timeout: whole seconds')
  const minScores = Object.assign(
    {},
    ...((values['min-score'] as string[] | undefined) ?? []).map(parseMinScores),
  )
  return {
    site,
    url,
    minScores,
    failOnNewIssues: values['fail-on-new-issues'] === true,
    json: values.json === true,
    timeoutSeconds,
  }
}
