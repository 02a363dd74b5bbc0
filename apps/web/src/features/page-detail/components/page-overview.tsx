import type { PageDetail } from '@canopy/contracts'
import { READABILITY_LEVELS } from '@canopy/contracts'
import type { ReactNode } from 'react'
import { type Fact, FactList } from '@/components/ui/fact-list'
import { ScoreCard } from '@/components/ui/score-card'
import { describeScan, formatCount, formatDateTime } from '@/lib/format-values'
import { fullPageScreenshotUrl } from '../api/page-artifact-urls'
import styles from './page-detail.module.css'

const SCORES = [
  { key: 'accessibility', label: 'Accessibility score' },
  { key: 'contentQuality', label: 'Content quality score' },
  { key: 'seo', label: 'SEO score' },
  { key: 'performance', label: 'Performance score' },
] as const

function readabilityOf(page: PageDetail): string {
  const { flesch, level } = page.readability
  if (flesch === null || flesch <= 0) return ''
  const name = READABILITY_LEVELS.find((candidate) => candidate.slug === level)?.name
  return `${Math.round(flesch)}${name ? ` (${name})` : ''}`
}

function overviewFacts(page: PageDetail): Fact[] {
  return [
    { term: 'Address', value: page.url },
    { term: 'HTTP status', value: page.httpStatus === null ? '' : String(page.httpStatus) },
    {
      term: 'Last scanned',
      value: page.lastScan ? describeScan(page.lastScan) : formatDateTime(page.lastScannedAt),
    },
    { term: 'Language', value: page.language ?? '' },
    { term: 'Sections', value: page.sections.map((section) => section.title).join(', ') },
    { term: 'Broken links', value: formatCount(page.brokenLinkCount) },
    { term: 'Pages with broken images', value: formatCount(page.brokenImageCount) },
    { term: 'Misspellings', value: formatCount(page.misspellings) },
    { term: 'Readability (Flesch reading ease)', value: readabilityOf(page) },
  ]
}

/**
 * The overview tab: the page's four scores, its views when the site's web analytics gives them, what the last
 * scan found, redirects to it and its screenshot.
 */
export function PageOverview({
  page,
  siteSlug,
  pageViews,
}: {
  page: PageDetail
  siteSlug: string
  pageViews?: ReactNode
}) {
  const title = page.pageTitle ?? page.entryTitle
  return (
    <div className={styles.overview}>
      <div className={styles.scores}>
        {SCORES.map(({ key, label }) => (
          <ScoreCard key={key} title={label} score={page[key].score} />
        ))}
      </div>
      {pageViews}
      <section aria-labelledby="page-facts">
        <h3 id="page-facts">About this page</h3>
        <FactList facts={overviewFacts(page)} />
      </section>
      {page.redirectedFrom.length > 0 ? (
        <section aria-labelledby="page-redirects">
          <h3 id="page-redirects">Addresses that redirect here</h3>
          <ul className={styles.plainList}>
            {page.redirectedFrom.map((address) => (
              <li key={address}>{address}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {page.hasScreenshot ? (
        <section aria-labelledby="page-screenshot">
          <h3 id="page-screenshot">Full-page screenshot</h3>
          <a
            className={styles.screenshotLink}
            href={fullPageScreenshotUrl(siteSlug, page.sys.id)}
            target="_blank"
            rel="noreferrer noopener"
          >
            <img
              className={styles.screenshot}
              src={fullPageScreenshotUrl(siteSlug, page.sys.id)}
              alt={`Full-page screenshot of ${title} (opens in a new tab)`}
              loading="lazy"
            />
          </a>
        </section>
      ) : null}
    </div>
  )
}
