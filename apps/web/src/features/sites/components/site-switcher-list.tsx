import { Link } from 'react-aria-components'
import { useLocation } from 'react-router'
import { ButtonLink } from '@/components/ui/button'
import { PageLoader, StatusMessage } from '@/components/ui/notice'
import { MESSAGES } from '@/config/messages'
import { parseSitePath, sitePath } from '@/lib/site-paths'
import { SITE_LIST_DEFAULTS, useSites } from '../api/get-sites'
import styles from './site-list.module.css'

/** The sidebar's site list: the first page of the user's sites, and the way to all of them. */
export function SiteSwitcherList({ onNavigate }: { onNavigate: () => void }) {
  const sites = useSites({ page: 1, pageSize: 25, ...SITE_LIST_DEFAULTS })
  const activeSlug = parseSitePath(useLocation().pathname)?.siteSlug
  if (sites.isPending) return <PageLoader />
  if (sites.isError)
    return <StatusMessage title={MESSAGES.list.errorTitle}>{MESSAGES.list.errorBody}</StatusMessage>
  return (
    <nav aria-label="Your sites">
      {sites.data.items.length === 0 ? <StatusMessage title={MESSAGES.list.noResults} /> : null}
      <ul className={styles.switcherList}>
        {sites.data.items.map((site) => {
          const slug = site.sys.slug ?? site.sys.id
          return (
            <li key={site.sys.id}>
              <Link
                href={sitePath(slug)}
                className={styles.switcherLink}
                aria-current={slug === activeSlug ? 'page' : undefined}
                onPress={onNavigate}
              >
                <span className={styles.switcherName}>{site.siteName}</span>
                <span className={styles.switcherUrl}>{site.rootUri}</span>
              </Link>
            </li>
          )
        })}
      </ul>
      <div className={styles.switcherFooter}>
        <ButtonLink href="/" variant="secondary" fullWidth onPress={onNavigate}>
          {MESSAGES.errorPage.siteSelector}
        </ButtonLink>
      </div>
    </nav>
  )
}
