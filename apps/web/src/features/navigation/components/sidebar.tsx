import type { SiteConfig, User } from '@canopy/contracts'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { Button, Link } from 'react-aria-components'
import { useLocation } from 'react-router'
import { useAssignedCount } from '@/components/assignment/assignment-api'
import { Icon, type IconName } from '@/components/ui/icon'
import { Logo } from '@/components/ui/logo'
import { TIMING } from '@/config/constants'
import { MESSAGES } from '@/config/messages'
import type { FeatureFlag } from '@/lib/feature-flags'
import { parseSitePath, sitePath } from '@/lib/site-paths'
import { buildSiteNavigation, CROSS_SITE_LINKS, type SiteNavigation } from '../nav-items'
import { AddSinglePage } from './add-single-page'
import { PanelLinks } from './panel-links'
import { type RenderSearchResults, SearchForm } from './search-panel'
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
  /** The search panel's results for the text typed so far, given a function that closes the panel. */
  renderSearchResults?: RenderSearchResults
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
 * Global search opens with the question-mark key outside form fields, except on the
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

/** What every part of the sidebar shares: which sub-panel is open, where panels open, how to navigate. */
type PanelContext = {
  panelState: { openPanel: string | null; onOpenPanelChange: (id: string | null) => void }
  placement: PanelPlacement
  afterNavigate: (close: () => void) => () => void
  onNavigate?: () => void
}

function NavItemLink({
  href,
  icon,
  title,
  isCurrent,
  onNavigate,
  badge,
}: {
  href: string
  icon: IconName
  title: string
  isCurrent: boolean
  onNavigate?: () => void
  /** a count shown after the title (issues assigned to the user) */
  badge?: number
}) {
  return (
    <Link
      href={href}
      className={styles.item}
      aria-current={isCurrent ? 'page' : undefined}
      onPress={onNavigate}
    >
      <Icon name={icon} />
      <span className={styles.itemLabel}>{title}</span>
      {badge ? (
        <span className={styles.badge}>
          <span className="visually-hidden">(</span>
          {badge}
          <span className="visually-hidden"> assigned to you)</span>
        </span>
      ) : null}
    </Link>
  )
}

/** Assigned issues, with how many are assigned to the user. */
function AssignedIssuesItem({
  item,
  isCurrent,
  onNavigate,
}: {
  item: NonNullable<SiteNavigation['assignedIssues']>
  isCurrent: boolean
  onNavigate?: () => void
}) {
  const count = useAssignedCount(item.siteSlug, true)
  return (
    <NavItemLink
      href={item.link}
      icon={item.icon}
      title={item.title}
      isCurrent={isCurrent}
      onNavigate={onNavigate}
      badge={count.data?.count}
    />
  )
}

function SiteListTrigger({ site }: { site: SiteConfig | null }) {
  return (
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
  )
}

/** Home, the site list and the screens about all of the user's sites. */
function GeneralItems({
  context,
  site,
  pathname,
  renderSiteList,
}: {
  context: PanelContext
  site: SiteConfig | null
  pathname: string
  renderSiteList: SidebarProps['renderSiteList']
}) {
  return (
    <ul className={styles.list}>
      <li>
        <NavItemLink
          href="/"
          icon="home"
          title={MESSAGES.sidebar.home}
          isCurrent={pathname === '/'}
          onNavigate={context.onNavigate}
        />
      </li>
      <li>
        <SubPanel
          id="sites"
          {...context.panelState}
          title="Your sites"
          icon="sites"
          placement={context.placement}
          trigger={<SiteListTrigger site={site} />}
        >
          {(close) => renderSiteList(context.afterNavigate(close))}
        </SubPanel>
      </li>
      {CROSS_SITE_LINKS.map((item) => (
        <li key={item.href}>
          <NavItemLink {...item} isCurrent={pathname === item.href} onNavigate={context.onNavigate} />
        </li>
      ))}
    </ul>
  )
}

type SiteItemsProps = {
  context: PanelContext
  navigation: SiteNavigation
  searchPath: string
  renderSearchResults?: RenderSearchResults
  pathname: string
  area: string
  onSiteHome: boolean
  onSearchPage: boolean
}

/** The site's dashboard, its feature groups and assigned issues. */
function SiteAreaItems({ context, navigation, pathname, area, onSiteHome }: SiteItemsProps) {
  return (
    <ul className={styles.list}>
      <li>
        <NavItemLink
          href={navigation.dashboard.link}
          icon={navigation.dashboard.icon}
          title={navigation.dashboard.title}
          isCurrent={onSiteHome}
          onNavigate={context.onNavigate}
        />
      </li>
      {navigation.groups.map((group) => (
        <li key={group.id}>
          <SubPanel
            id={group.id}
            {...context.panelState}
            title={group.title}
            icon={group.icon}
            placement={context.placement}
            isCurrent={area === group.id}
          >
            {(close) => (
              <PanelLinks label={group.title} links={group.links} onNavigate={context.afterNavigate(close)} />
            )}
          </SubPanel>
        </li>
      ))}
      {navigation.assignedIssues ? (
        <li>
          <AssignedIssuesItem
            item={navigation.assignedIssues}
            isCurrent={pathname === navigation.assignedIssues.link}
            onNavigate={context.onNavigate}
          />
        </li>
      ) : null}
    </ul>
  )
}

/** Add single page, search and the site's settings. */
function SiteToolItems({
  context,
  navigation,
  searchPath,
  renderSearchResults,
  area,
  onSearchPage,
}: SiteItemsProps) {
  const settings = navigation.settings
  return (
    <ul className={styles.list}>
      {navigation.showAddSinglePage ? (
        <li>
          <AddSinglePage onNavigate={context.onNavigate} />
        </li>
      ) : null}
      <li>
        <SubPanel
          id="search"
          {...context.panelState}
          title={MESSAGES.sidebar.search}
          icon="search"
          placement={context.placement}
          isCurrent={onSearchPage}
        >
          {(close) => (
            <SearchForm
              searchPath={searchPath}
              onNavigate={context.afterNavigate(close)}
              renderResults={renderSearchResults}
            />
          )}
        </SubPanel>
      </li>
      {settings ? (
        <li>
          <SubPanel
            id="settings"
            {...context.panelState}
            title={settings.title}
            icon={settings.icon}
            placement={context.placement}
            isCurrent={area === 'settings'}
          >
            {(close) => (
              <PanelLinks
                label={settings.title}
                links={settings.links}
                onNavigate={context.afterNavigate(close)}
              />
            )}
          </SubPanel>
        </li>
      ) : null}
    </ul>
  )
}

function SidebarFooter({
  user,
  isCollapsed,
  onLogout,
  onToggleCollapsed,
}: {
  user: User
  isCollapsed: boolean
  onLogout: () => void
  onToggleCollapsed?: () => void
}) {
  return (
    <div className={styles.footer}>
      <UserMenu user={user} collapsed={isCollapsed} onLogout={onLogout} />
      {onToggleCollapsed ? (
        <Button className={styles.toggle} onPress={onToggleCollapsed}>
          <Icon name={isCollapsed ? 'expand' : 'collapse'} size={18} />
          <span className={isCollapsed ? 'visually-hidden' : undefined}>
            {isCollapsed ? MESSAGES.sidebar.expand : MESSAGES.sidebar.collapse}
          </span>
        </Button>
      ) : null}
    </div>
  )
}

export function Sidebar({
  user,
  site,
  sectionSlug,
  isFlagActive,
  renderSiteList,
  renderSearchResults,
  onLogout,
  mode,
  collapsed = false,
  onToggleCollapsed,
  onNavigate,
}: SidebarProps) {
  const { pathname } = useLocation()
  const [openPanel, setOpenPanel] = useState<string | null>(null)
  const isCollapsed = mode === 'rail' && collapsed
  const context: PanelContext = {
    panelState: { openPanel, onOpenPanelChange: setOpenPanel },
    placement: mode === 'drawer' ? 'full' : isCollapsed ? 'collapsed' : 'expanded',
    afterNavigate: (close) => () => {
      close()
      onNavigate?.()
    },
    onNavigate,
  }

  const navigation = site
    ? buildSiteNavigation({
        siteSlug: site.sys.slug ?? site.sys.id,
        sectionSlug,
        hasAdminAccess: site.hasAdminAccess,
        role: site.role,
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
        <GeneralItems context={context} site={site} pathname={pathname} renderSiteList={renderSiteList} />
        {navigation && site ? (
          <SiteItems
            context={context}
            navigation={navigation}
            searchPath={sitePath(site.sys.slug ?? site.sys.id, sectionSlug, 'search')}
            renderSearchResults={renderSearchResults}
            pathname={pathname}
            area={area}
            onSiteHome={onSiteHome}
            onSearchPage={onSearchPage}
          />
        ) : null}
      </nav>
      <SidebarFooter
        user={user}
        isCollapsed={isCollapsed}
        onLogout={onLogout}
        onToggleCollapsed={mode === 'rail' ? onToggleCollapsed : undefined}
      />
    </div>
  )
}

function SiteItems(props: SiteItemsProps) {
  return (
    <>
      <div className={styles.separator} />
      <SiteAreaItems {...props} />
      <div className={styles.separator} />
      <SiteToolItems {...props} />
    </>
  )
}
