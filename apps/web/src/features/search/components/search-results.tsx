import {
  type IssueCategory,
  SEARCH_COUNT_LIMIT,
  type SearchContactResult,
  type SearchDocumentResult,
  type SearchGroup,
  type SearchIssueResult,
  type SearchLinkResult,
  type SearchPageResult,
  type SearchResultGroup,
} from '@canopy/contracts'
import { type ReactNode, useId } from 'react'
import { Link } from 'react-aria-components'
import { formatCount, plural } from '@/lib/format-values'
import { resultHref, searchPageHref } from './result-paths'
import styles from './search-results.module.css'

export type SearchScope = { siteSlug: string; sectionSlug: string | null }

export const GROUP_TITLES: Record<SearchGroup, string> = {
  pages: 'Pages',
  issues: 'Issues',
  links: 'Links',
  documents: 'Documents',
  contacts: 'E-mail addresses and telephone numbers',
}

const CATEGORY_TITLES: Record<IssueCategory, string> = {
  accessibility: 'Accessibility',
  seo: 'SEO',
  performance: 'Performance',
  'content-quality': 'Content quality',
}

/** "1,000+" past the count limit: the API stops counting there. */
export function formatGroupCount(group: Pick<SearchResultGroup, 'totalCount' | 'isCountCapped'>): string {
  return group.isCountCapped ? `${formatCount(SEARCH_COUNT_LIMIT)}+` : formatCount(group.totalCount)
}

type ResultProps<Item> = { item: Item; href: string; onNavigate?: () => void }

function Result({
  href,
  label,
  detail,
  onNavigate,
}: {
  href: string
  label: string
  detail: ReactNode
  onNavigate?: () => void
}) {
  return (
    <li className={styles.result}>
      <Link href={href} onPress={onNavigate}>
        {label}
      </Link>
      <p className={styles.detail}>{detail}</p>
    </li>
  )
}

const onPages = (count: number) => `on ${plural(count, 'page')}`

function PageResult({ item, ...link }: ResultProps<SearchPageResult>) {
  return <Result {...link} label={item.pageTitle || item.entryTitle} detail={item.entryTitle} />
}

function IssueResult({ item, ...link }: ResultProps<SearchIssueResult>) {
  const failing = item.pagesFailed > 0 ? `fails ${onPages(item.pagesFailed)}` : 'needs a check'
  return (
    <Result {...link} label={item.title} detail={`${CATEGORY_TITLES[item.category]} issue · ${failing}`} />
  )
}

function linkState(item: SearchLinkResult): string {
  if (item.isBroken) return item.status ? `Broken (${item.status})` : 'Broken'
  if (item.isUnverified) return 'Could not verify'
  return 'Working'
}

function LinkResult({ item, ...link }: ResultProps<SearchLinkResult>) {
  const where = item.isInternal ? 'Internal link' : 'External link'
  return (
    <Result
      {...link}
      label={item.url}
      detail={`${where} · ${linkState(item)} · ${onPages(item.pageCount)}`}
    />
  )
}

function DocumentResult({ item, ...link }: ResultProps<SearchDocumentResult>) {
  return <Result {...link} label={item.documentTitle} detail={`${item.url} · ${onPages(item.pageCount)}`} />
}

function ContactResult({ item, ...link }: ResultProps<SearchContactResult>) {
  const kind = item.kind === 'email' ? 'E-mail address' : 'Telephone number'
  const validity = item.valid ? 'valid' : 'not valid'
  return <Result {...link} label={item.value} detail={`${kind} · ${validity} · ${onPages(item.pageCount)}`} />
}

/** The results of one group, each a link to the screen where it lives. */
function GroupItems({
  group,
  scope,
  onNavigate,
}: {
  group: SearchResultGroup
  scope: SearchScope
  onNavigate?: () => void
}) {
  const common = { onNavigate }
  switch (group.group) {
    case 'pages':
      return group.items.map((item) => (
        <PageResult key={item.id} item={item} href={resultHref(scope, 'pages', item)} {...common} />
      ))
    case 'issues':
      return group.items.map((item) => (
        <IssueResult
          key={`${item.category}:${item.issueId}`}
          item={item}
          href={resultHref(scope, 'issues', item)}
          {...common}
        />
      ))
    case 'links':
      return group.items.map((item) => (
        <LinkResult key={item.id} item={item} href={resultHref(scope, 'links', item)} {...common} />
      ))
    case 'documents':
      return group.items.map((item) => (
        <DocumentResult key={item.id} item={item} href={resultHref(scope, 'documents', item)} {...common} />
      ))
    case 'contacts':
      return group.items.map((item) => (
        <ContactResult key={item.id} item={item} href={resultHref(scope, 'contacts', item)} {...common} />
      ))
  }
}

type SearchGroupSectionProps = {
  group: SearchResultGroup
  scope: SearchScope
  search: string
  headingLevel: 2 | 3
  /** a link to the group's own paged results when it has more than those shown */
  showMoreLink: boolean
  onNavigate?: () => void
  footer?: ReactNode
}

/** One group: its title and total, its results, and the way to the rest of them. */
export function SearchGroupSection({
  group,
  scope,
  search,
  headingLevel,
  showMoreLink,
  onNavigate,
  footer,
}: SearchGroupSectionProps) {
  const Heading = `h${headingLevel}` as const
  const headingId = `${useId()}-${group.group}`
  const title = GROUP_TITLES[group.group]
  return (
    <section className={styles.group} aria-labelledby={headingId}>
      <Heading id={headingId} className={styles.groupHeading}>
        {title}
        <span className={styles.groupCount}>
          <span className="visually-hidden">, </span>
          {formatGroupCount(group)} {group.totalCount === 1 && !group.isCountCapped ? 'result' : 'results'}
        </span>
      </Heading>
      <ul className={styles.results}>
        <GroupItems group={group} scope={scope} onNavigate={onNavigate} />
      </ul>
      {showMoreLink && group.totalCount > group.items.length ? (
        <Link
          className={styles.more}
          href={searchPageHref(scope, search, { group: group.group })}
          onPress={onNavigate}
        >
          Show all {formatGroupCount(group)} {title.toLowerCase()}
        </Link>
      ) : null}
      {footer}
    </section>
  )
}

/** The groups that found something, in the API's order. */
export function SearchGroups({
  groups,
  compact,
  children,
}: {
  groups: SearchResultGroup[]
  compact?: boolean
  children: (group: SearchResultGroup) => ReactNode
}) {
  return (
    <div className={`${styles.groups} ${compact ? styles.compact : ''}`}>
      {groups.filter((group) => group.items.length > 0 || group.totalCount > 0).map(children)}
    </div>
  )
}
