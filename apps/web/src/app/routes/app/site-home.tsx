import { Link } from 'react-aria-components'
import { useLocation, useNavigate, useParams } from 'react-router'
import { FirstScanPending } from '@/components/ui/first-scan-pending'
import { Icon } from '@/components/ui/icon'
import { PageHeader } from '@/components/ui/notice'
import { MESSAGES } from '@/config/messages'
import { FEATURE_GROUPS } from '@/features/navigation/nav-items'
import { SectionSwitcher } from '@/features/sections/components/section-switcher'
import { useGuardedSite } from '@/features/sites/components/site-guard'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { sitePath, switchSectionInUrl } from '@/lib/site-paths'
import styles from './site-home.module.css'

const AREA_SUMMARIES: Record<string, string> = {
  accessibility: 'Issues against WCAG, page by page, and how your score changes over time.',
  'content-quality': 'Broken links, misspellings and readability across your content.',
  seo: 'How search engines see your pages: metadata, duplicate content and health.',
  performance: 'Loading speed and Core Web Vitals for every page.',
  inventory: 'Documents, media, e-mail addresses and telephone numbers found on the site.',
}

/** The site home (platform.md §2 /site/{slug}): the section switcher and, until the first scan, the notice. */
export function Component() {
  const site = useGuardedSite()
  const { sectionSlug = null } = useParams()
  const { pathname, search } = useLocation()
  const navigate = useNavigate()
  const siteSlug = site.sys.slug ?? site.sys.id
  useDocumentTitle(`${MESSAGES.sidebar.dashboard}: ${site.siteName}`)

  return (
    <>
      <PageHeader
        eyebrow={MESSAGES.sidebar.dashboard}
        title={site.siteName}
        subtitle={site.rootUri}
        actions={
          <SectionSwitcher
            siteSlug={siteSlug}
            activeSectionSlug={sectionSlug}
            canManageSections={site.hasAdminAccess}
            onSelect={(next) => navigate(switchSectionInUrl(pathname, search, next))}
          />
        }
      />
      {site.firstScanCompleted ? (
        <section aria-labelledby="site-areas">
          <h2 id="site-areas">Results</h2>
          <ul className={styles.areas}>
            {FEATURE_GROUPS.map((group) => (
              <li key={group.id}>
                <article className={styles.area}>
                  <h3>
                    <Icon name={group.icon} />
                    <Link href={sitePath(siteSlug, sectionSlug, group.area)}>{group.title}</Link>
                  </h3>
                  <p>{AREA_SUMMARIES[group.id]}</p>
                  {group.premium && !site.isPaying ? (
                    <span className={styles.premium}>{MESSAGES.premium.tag}</span>
                  ) : null}
                </article>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <FirstScanPending siteName={site.siteName} />
      )}
    </>
  )
}
