import type { Audit, CategoryResult } from '@canopy/contracts'

/** What the SEO checks read of a loaded page (from the page facts and the response). */
export interface SeoInput {
  url: string
  httpStatus: number | null
  xRobotsTag: string | null
  title: string | null
  metaDescription: string | null
  metaRobots: string | null
  canonical: string | null
  lang: string | null
  headings: { level: number; text: string }[]
}

interface Check {
  id: string
  title: string
  description: string
  /** null: not applicable; otherwise passed, and on failure the items to show */
  run: (
    input: SeoInput,
  ) => { passed: boolean; items?: Record<string, unknown>[]; displayValue?: string } | null
}

const isNoindex = (value: string | null) => !!value && /\b(noindex|none)\b/i.test(value)

export const SEO_CHECKS: Check[] = [
  {
    id: 'http-status-code',
    title: 'Page has a successful HTTP status code',
    description: 'Pages with unsuccessful HTTP status codes may not be indexed properly.',
    run: (input) => ({
      passed: input.httpStatus !== null && input.httpStatus < 400,
      displayValue: input.httpStatus === null ? undefined : String(input.httpStatus),
    }),
  },
  {
    id: 'document-title',
    title: 'Document has a `<title>` element',
    description:
      'The title gives screen reader users an overview of the page, and search engine users rely on it heavily to decide whether a page is relevant to their search.',
    run: (input) => ({ passed: !!input.title?.trim() }),
  },
  {
    id: 'meta-description',
    title: 'Document has a meta description',
    description: 'Meta descriptions may be included in search results to concisely summarize page content.',
    run: (input) => ({ passed: !!input.metaDescription?.trim() }),
  },
  {
    id: 'heading-one',
    title: 'Page has one `<h1>` heading',
    description: 'One main heading tells readers and search engines what the page is about.',
    run: (input) => {
      const count = input.headings.filter((heading) => heading.level === 1).length
      return {
        passed: count === 1,
        displayValue: `${count} h1 heading${count === 1 ? '' : 's'}`,
        items: input.headings
          .filter((heading) => heading.level === 1)
          .map((heading) => ({ text: heading.text })),
      }
    },
  },
  {
    id: 'canonical',
    title: 'Document has a valid `rel=canonical`',
    description: 'Canonical links suggest which URL should be shown in search results.',
    run: (input) => {
      if (input.canonical === null) return null
      // Lighthouse's rules: invalid, another domain, or the site root for a deeper page all mislead.
      let problem: string | null = null
      try {
        const canonical = new URL(input.canonical)
        const page = new URL(input.url)
        if (canonical.protocol !== 'http:' && canonical.protocol !== 'https:') problem = 'not a web address'
        else if (canonical.host !== page.host) problem = `points to another domain (${canonical.host})`
        else if (canonical.pathname === '/' && page.pathname !== '/') problem = 'points to the site root'
      } catch {
        problem = 'invalid URL'
      }
      return { passed: problem === null, items: problem ? [{ url: input.canonical, problem }] : [] }
    },
  },
  {
    id: 'is-crawlable',
    title: "Page isn't blocked from indexing",
    description:
      'Search engines are unable to include your pages in search results if they do not have permission to crawl them.',
    run: (input) => {
      const blocked = isNoindex(input.metaRobots) || isNoindex(input.xRobotsTag)
      return {
        passed: !blocked,
        items: blocked
          ? [
              {
                source: isNoindex(input.metaRobots)
                  ? `<meta name="robots" content="${input.metaRobots}">`
                  : `X-Robots-Tag: ${input.xRobotsTag}`,
              },
            ]
          : [],
      }
    },
  },
  {
    id: 'html-lang',
    title: '`<html>` element has a `[lang]` attribute',
    description:
      'The language of a page tells search engines which audience it serves and lets screen readers pronounce it.',
    run: (input) => ({ passed: !!input.lang?.trim() }),
  },
]

export function isIndexable(input: Pick<SeoInput, 'httpStatus' | 'metaRobots' | 'xRobotsTag'>): boolean {
  return (
    input.httpStatus !== null &&
    input.httpStatus < 400 &&
    !isNoindex(input.metaRobots) &&
    !isNoindex(input.xRobotsTag)
  )
}

function toAudit(
  check: Check,
  passed: boolean,
  items: Record<string, unknown>[] | undefined,
  displayValue?: string,
): Audit {
  return {
    id: check.id,
    title: check.title,
    description: check.description,
    issueLevel: 'Error',
    score: passed ? 1 : 0,
    ...(displayValue ? { displayValue } : {}),
    wcag: [],
    nodeCount: passed ? 0 : Math.max(1, items?.length ?? 0),
    details:
      !passed && items && items.length
        ? {
            type: 'table',
            headings: Object.keys(items[0] ?? {}).map((key) => ({ key, valueType: 'text', label: key })),
            items,
          }
        : null,
  }
}

/** The page's own SEO checks; score = passed / applicable × 100 (scoring/README.md). */
export function runSeoChecks(input: SeoInput, extra: Audit[] = []): CategoryResult {
  const result: CategoryResult = {
    score: null,
    audits: { failed: [], manual: [], passed: [], notApplicable: [] },
  }
  for (const check of SEO_CHECKS) {
    const outcome = check.run(input)
    if (!outcome) {
      result.audits.notApplicable.push({ ...toAudit(check, true, []), score: null })
      continue
    }
    const audit = toAudit(check, outcome.passed, outcome.items, outcome.displayValue)
    ;(outcome.passed ? result.audits.passed : result.audits.failed).push(audit)
  }
  for (const audit of extra) (audit.score === 1 ? result.audits.passed : result.audits.failed).push(audit)
  result.score = scoreSeo(result)
  return result
}

export function scoreSeo(result: CategoryResult): number | null {
  const applicable = result.audits.passed.length + result.audits.failed.length
  return applicable === 0 ? null : Math.round((result.audits.passed.length / applicable) * 1000) / 10
}

/** The duplicate checks only finalize can run, across the scan's pages. */
export const DUPLICATE_CHECKS = {
  'duplicate-title': {
    title: 'Page title is unique',
    description: 'Pages sharing one title compete with each other in search results.',
  },
  'duplicate-description': {
    title: 'Meta description is unique',
    description: 'Pages sharing one meta description look the same in search results.',
  },
  'duplicate-content': {
    title: 'Page content is unique',
    description: 'Pages with the same or nearly the same main text are duplicate content to search engines.',
  },
  'orphaned-page': {
    title: 'Page in the sitemap is linked from the site',
    description:
      'A page listed in the sitemap that no other page links to is hard for visitors and search engines to find.',
  },
} as const
