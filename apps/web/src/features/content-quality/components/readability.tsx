import { HISTORY_NO_DATA, READABILITY_REWRITE_THRESHOLD, type ReadabilityResponse } from '@canopy/contracts'
import { useState } from 'react'
import { type Key, Tab, TabList, TabPanel, Tabs } from 'react-aria-components'
import { Link } from 'react-router'
import { PageLink } from '@/components/area/page-link'
import { HistoryChart } from '@/components/charts/history-chart'
import { PageHeader, StatusMessage } from '@/components/ui/notice'
import { ScrollRegion } from '@/components/ui/scroll-region'
import tabStyles from '@/components/ui/tabs.module.css'
import { MESSAGES } from '@/config/messages'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { formatCount, formatDate, plural } from '@/lib/format-values'
import { sitePath } from '@/lib/site-paths'
import { useHistory } from '../api/get-history'
import { usePages } from '../api/get-pages'
import { useReadability } from '../api/get-readability'
import {
  CARD_BAND_LABELS,
  CARD_BANDS,
  READABILITY_PREVIEW_SIZE,
  CONTENT_QUALITY_MESSAGES as TEXT,
} from '../labels'
import styles from './content-quality.module.css'
import type { AreaScreenProps } from './content-quality-overview'
import { describeReadability } from './content-quality-pages'

/** The score in its readability band (success 90+, warning 60+), and a rewrite suggestion at 60 or below. */
function ReadabilityScore({ score }: { score: number | null }) {
  if (score === null) return <p className={styles.muted}>{MESSAGES.score.noData}</p>
  const band = CARD_BANDS.readability(score)
  return (
    <>
      <p className={`${styles.metric} ${styles[band]}`}>{Math.round(score)}</p>
      <p className={styles[band]}>{CARD_BAND_LABELS[band]}</p>
      {score <= READABILITY_REWRITE_THRESHOLD ? <p>{TEXT.rewriteSuggestion}</p> : null}
    </>
  )
}

/** Pages per level as horizontal bars, read as a table: each row names its level and its count. */
function LevelBars({ aggregate }: { aggregate: ReadabilityResponse }) {
  const most = Math.max(1, ...aggregate.aggregated.map((level) => level.occurrences))
  return (
    <ScrollRegion label="Pages per readability level">
      <table className={styles.bars}>
        <caption className="visually-hidden">Pages per readability level</caption>
        <thead>
          <tr>
            <th scope="col">Level</th>
            <th scope="col">Pages</th>
          </tr>
        </thead>
        <tbody>
          {aggregate.aggregated.map((level) => (
            <tr key={level.slug}>
              <th scope="row">{level.friendlyText}</th>
              <td>
                <span
                  className={styles.bar}
                  style={{ width: `calc((100% - 6rem) * ${level.occurrences / most})` }}
                  aria-hidden="true"
                />
                <span className={styles.barValue}>{formatCount(level.occurrences)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  )
}

/** The first 5 pages of one level, lowest score first, with 'See more' to the level's whole list. */
function LevelPreview({
  siteSlug,
  sectionSlug,
  sectionId,
  slug,
  name,
}: AreaScreenProps & { slug: string; name: string }) {
  const pages = usePages(siteSlug, {
    type: 'readability',
    readability: slug,
    page: 1,
    pageSize: READABILITY_PREVIEW_SIZE,
    sortBy: 'contentQualityReadabilityFlesch',
    sortDir: 'asc',
    sectionId,
  })
  if (pages.isError)
    return <StatusMessage title={MESSAGES.list.errorTitle}>{MESSAGES.list.errorBody}</StatusMessage>
  if (pages.data && pages.data.items.length === 0) return <p>{TEXT.noResults}</p>
  const rows = pages.data?.items
  return (
    <>
      <ScrollRegion label={`${name}: pages`}>
        <table className={styles.table} aria-busy={!rows || undefined}>
          <caption className="visually-hidden">Pages that are {name.toLowerCase()}</caption>
          <thead>
            <tr>
              <th scope="col">Page</th>
              <th scope="col">Readability</th>
              <th scope="col">Last scanned</th>
            </tr>
          </thead>
          <tbody>
            {rows
              ? rows.map((item) => (
                  <tr key={item.sys.id}>
                    <th scope="row">
                      <PageLink
                        title={item.pageTitle}
                        url={item.entryTitle}
                        href={sitePath(
                          siteSlug,
                          sectionSlug,
                          `pages/${encodeURIComponent(item.sys.id)}/content-quality`,
                        )}
                      />
                    </th>
                    <td>{describeReadability(item.readability)}</td>
                    <td>{formatDate(item.sys.version?.modified)}</td>
                  </tr>
                ))
              : Array.from({ length: READABILITY_PREVIEW_SIZE }, (_, row) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: skeleton rows are placeholders without identity
                  <tr key={row} data-testid="skeleton-row">
                    <td colSpan={3}>
                      <span className={styles.skeleton} aria-hidden="true" />
                    </td>
                  </tr>
                ))}
          </tbody>
        </table>
      </ScrollRegion>
      {pages.data ? (
        <Link to={sitePath(siteSlug, sectionSlug, `content-quality/readability/${slug}`)}>
          {TEXT.seeMore} <span className="visually-hidden">pages that are {name.toLowerCase()}</span>
          {pages.data.totalCount > READABILITY_PREVIEW_SIZE
            ? ` (${plural(pages.data.totalCount, 'page')})`
            : ''}
        </Link>
      ) : null}
    </>
  )
}

function LevelTabs(props: AreaScreenProps & { aggregate: ReadabilityResponse }) {
  const { aggregate, ...scope } = props
  const firstWithPages = aggregate.aggregated.find((level) => level.occurrences > 0)?.slug
  const [selected, setSelected] = useState<Key | null>(null)
  return (
    <Tabs
      className={tabStyles.tabs}
      selectedKey={selected ?? firstWithPages ?? aggregate.aggregated[0]?.slug}
      onSelectionChange={setSelected}
    >
      <TabList aria-label="Readability levels" className={tabStyles.tabList}>
        {aggregate.aggregated.map((level) => (
          <Tab key={level.slug} id={level.slug} className={tabStyles.tab}>
            {level.friendlyText} ({formatCount(level.occurrences)})
          </Tab>
        ))}
      </TabList>
      {aggregate.aggregated.map((level) => (
        <TabPanel key={level.slug} id={level.slug} className={styles.tabPanel}>
          <LevelPreview {...scope} slug={level.slug} name={level.friendlyText} />
        </TabPanel>
      ))}
    </Tabs>
  )
}

/**
 * content-quality/readability: the score, its progress over the scans, the pages per level as bars and one
 * tab per level listing its first 5 pages.
 */
export function ReadabilityScreen(props: AreaScreenProps) {
  const { siteSlug, sectionId, headerActions } = props
  useDocumentTitle('Readability')
  const readability = useReadability(siteSlug, { sectionId })
  const history = useHistory(siteSlug, { sectionId })
  const points = (history.data?.contentQualityMetricHistory.readability ?? []).filter(
    (point) => point.y !== HISTORY_NO_DATA,
  )
  const aggregate = readability.data
  if (readability.isError)
    return <StatusMessage title={MESSAGES.list.errorTitle}>{MESSAGES.list.errorBody}</StatusMessage>
  return (
    <div className={styles.screen}>
      <PageHeader eyebrow={TEXT.title} title="Readability" actions={headerActions} />
      <div className={styles.cards}>
        <section className={styles.card} aria-labelledby="readability-score">
          <h2 id="readability-score">{TEXT.cards.readability}</h2>
          {aggregate ? <ReadabilityScore score={aggregate.score} /> : <p role="status">Loading</p>}
        </section>
        <section className={`${styles.card} ${styles.wide}`} aria-labelledby="readability-progress">
          <h2 id="readability-progress">Progress over time</h2>
          {points.length > 0 ? (
            <HistoryChart
              title="Readability by scan"
              series={[{ key: 'readability', label: 'Readability', points }]}
              domain={[0, 100]}
            />
          ) : (
            <p>No scan has finished yet.</p>
          )}
        </section>
        <section className={`${styles.card} ${styles.wide}`} aria-labelledby="readability-levels">
          <h2 id="readability-levels">Pages per readability level</h2>
          {aggregate ? <LevelBars aggregate={aggregate} /> : <p role="status">Loading</p>}
        </section>
        <section className={`${styles.card} ${styles.wide}`} aria-labelledby="readability-pages">
          <h2 id="readability-pages">Pages by level</h2>
          {aggregate ? <LevelTabs {...props} aggregate={aggregate} /> : <p role="status">Loading</p>}
        </section>
      </div>
    </div>
  )
}
