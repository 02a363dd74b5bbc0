import type { SiteConfig, User } from '@canopy/contracts'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { Button, Link } from 'react-aria-components'
import { useLocation } from 'react-router'
import { Icon } from '@/components/ui/icon'
import { Logo } from '@/components/ui/logo'
import { TIMING } from '@/config/constants'
import { MESSAGES } from '@/config/messages'
import type { FeatureFlag } from '@/lib/feature-flags'
import { parseSitePath, sitePath } from '@/lib/site-paths'
import { buildSiteNavigation, CROSS_SITE_LINKS } from '../nav-items'
import { AddSinglePage } from './add-single-page'
import { PanelLinks } from './panel-links'
import { SearchForm } from './search-panel'
import styles from './sidebar.module.css'
import { type PanelPlacement, SubPanel } from './sub-panel'
import { UserMenu } from './user-menu'

export type SidebarProps = {
  user: User
  /** The active site's config once it has loaded; without it only the site-independent items show. */
  site: SiteConfig | null
  sectionSlug: string | null
  isFlagActive: (flag: FeatureFlag) => boolean
  /** The content of the site list sub-panel, given a function that closes the panel. */
  renderSiteList: (close: () => void) => ReactNode
  onLogout: () => void
  /** 'rail' is the fixed sidebar from 800 px; 'drawer' is the same navigation inside the small-screen menu. */
  mode: 'rail' | 'drawer'
  collapsed?: boolean
  onToggleCollapsed?: () => void
  /** Called after any navigation from the sidebar (the drawer closes itself with it). */
  onNavigate?: () => void
}

function isFormField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)
}

/**
 * platform.md §2 "Global search" opens with the question-mark key outside form fields, except on the
 * site home and the search page; the toggle is throttled to 350 ms.
 */
function useSearchShortcut(enabled: boolean, open: () => void) {
  const lastToggle = useRef(0)
  useEffect(() => {
    if (!enabled) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey || isFormField(event.target))
        return
      const now = Date.now()
      if (now - lastToggle.current < TIMING.searchPanelToggleThrottleMs) return
      lastToggle.current = now
      event.preventDefault()
      open()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [enabled, open])
}

export function Sidebar({
  user,
  site,
  sectionSlug,
  isFlagActive,
  renderSiteList,
  onLogout,
  mode,
  collapsed = false,
  onToggleCollapsed,
  onNavigate,
}: SidebarProps) {
  const { pathname } = useLocation()
  const [openPanel, setOpenPanel] = useState<string | null>(null)
  const panelState = { openPanel, onOpenPanelChange: setOpenPanel }
  const isCollapsed = mode === 'rail' && collapsed
  const placement: PanelPlacement = mode === 'drawer' ? 'full' : isCollapsed ? 'collapsed' : 'expanded'
  const afterNavigate = (close: () => void) => () => {
    close()
    onNavigate?.()
  }

  const navigation = site
    ? buildSiteNavigation({
        siteSlug: site.sys.slug ?? site.sys.id,
        sectionSlug,
        hasAdminAccess: site.hasAdminAccess,
        productVersion: site.productVersion,
        isFlagActive,
      })
    : null
  const current = parseSitePath(pathname)
  const area = current?.rest.split('/')[0] ?? ''
  const onSiteHome = current !== null && current.rest === ''
  const onSearchPage = area === 'search'
  useSearchShortcut(navigation !== null && !onSiteHome && !onSearchPage, () => setOpenPanel('search'))

  return (
    <div className={`${styles.sidebar} ${isCollapsed ? styles.collapsed : ''}`}>
      {mode === 'rail' ? (
        <div className={styles.header}>
          <Link href="/" className={styles.homeLogo} aria-label="Canopy home">
            <Logo tone="dark" showWord={!isCollapsed} />
          </Link>
        </div>
      ) : null}
      <nav className={styles.nav} aria-label="Main">
        <ul className={styles.list}>
          <li>
            <Link
              href="/"
              className={styles.item}
              aria-current={pathname === '/' ? 'page' : undefined}
              onPress={onNavigate}
            >
              <Icon name="home" />
              <span className={styles.itemLabel}>{MESSAGES.sidebar.home}</span>
            </Link>
          </li>
          <li>
            <SubPanel
              id="sites"
              {...panelState}
              title="Your sites"
              icon="sites"
              placement={placement}
              trigger={
                <>
                  <Icon name="sites" />
                  <span className={`${styles.itemLabel} ${styles.siteName}`}>
                    {site ? (
                      <>
                        <span>
                          <span className="visually-hidden">Switch site, current site: </span>
                          {site.siteName}
                        </span>
                        <span className={styles.siteNameUrl}>{site.rootUri}</span>
                      </>
                    ) : (
                      'Your sites'
                    )}
                  </span>
                  <Icon name="chevronRight" size={16} className={styles.itemChevron} />
                </>
              }
            >
              {(close) => renderSiteList(afterNavigate(close))}
            </SubPanel>
          </li>
          {CROSS_SITE_LINKS.map((item) => (
            <li key={item.href}>
              <Link
                href={item.href}
                className={styles.item}
                aria-current={pathname === item.href ? 'page' : undefined}
                onPress={onNavigate}
              >
                <Icon name={item.icon} />
                <span className={styles.itemLabel}>{item.title}</span>
              </Link>
            </li>
          ))}
        </ul>
        {navigation && site ? (
          <>
            <div className={styles.separator} />
            <ul className={styles.list}>
              <li>
                <Link
                  href={navigation.dashboard.link}
                  className={styles.item}
                  aria-current={onSiteHome ? 'page' : undefined}
                  onPress={onNavigate}
                >
                  <Icon name={navigation.dashboard.icon} />
                  <span className={styles.itemLabel}>{navigation.dashboard.title}</span>
                </Link>
              </li>
              {navigation.groups.map((group) => (
                <li key={group.id}>
                  <SubPanel
                    id={group.id}
                    {...panelState}
                    title={group.title}
                    icon={group.icon}
                    placement={placement}
                    isCurrent={area === group.id}
                  >
                    {(close) => (
                      <PanelLinks label={group.title} links={group.links} onNavigate={afterNavigate(close)} />
                    )}
                  </SubPanel>
                </li>
              ))}
              {navigation.assignedIssues ? (
                <li>
                  <Link
                    href={navigation.assignedIssues.link}
                    className={styles.item}
                    aria-current={pathname === navigation.assignedIssues.link ? 'page' : undefined}
                    onPress={onNavigate}
                  >
                    <Icon name={navigation.assignedIssues.icon} />
                    <span className={styles.itemLabel}>{navigation.assignedIssues.title}</span>
                  </Link>
                </li>
              ) : null}
            </ul>
            <div className={styles.separator} />
            <ul className={styles.list}>
              {navigation.showAddSinglePage ? (
                <li>
                  <AddSinglePage onNavigate={onNavigate} />
                </li>
              ) : null}
              <li>
                <SubPanel
                  id="search"
                  {...panelState}
                  title={MESSAGES.sidebar.search}
                  icon="search"
                  placement={placement}
                  isCurrent={onSearchPage}
                >
                  {(close) => (
                    <SearchForm
                      searchPath={sitePath(site.sys.slug ?? site.sys.id, sectionSlug, 'search')}
                      onNavigate={afterNavigate(close)}
                    />
                  )}
                </SubPanel>
              </li>
              {navigation.settings ? (
                <li>
                  <SubPanel
                    id="settings"
                    {...panelState}
                    title={navigation.settings.title}
                    icon={navigation.settings.icon}
                    placement={placement}
                    isCurrent={area === 'settings'}
                  >
                    {(close) => (
                      <PanelLinks
                        label={navigation.settings?.title ?? MESSAGES.sidebar.settings}
                        links={navigation.settings?.links ?? []}
                        onNavigate={afterNavigate(close)}
                      />
                    )}
                  </SubPanel>
                </li>
              ) : null}
            </ul>
          </>
        ) : null}
      </nav>
      <div className={styles.footer}>
        <UserMenu user={user} collapsed={isCollapsed} onLogout={onLogout} />
        {mode === 'rail' && onToggleCollapsed ? (
          <Button className={styles.toggle} onPress={onToggleCollapsed}>
            <Icon name={isCollapsed ? 'expand' : 'collapse'} size={18} />
            <span className={isCollapsed ? 'visually-hidden' : undefined}>
              {isCollapsed ? MESSAGES.sidebar.expand : MESSAGES.sidebar.collapse}
            </span>
          </Button>
        ) : null}
      </div>
    </div>
  )
}
