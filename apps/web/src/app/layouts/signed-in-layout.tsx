import { lazy, Suspense, useMemo } from 'react'
import { Button, Dialog, DialogTrigger, Heading, Link, Modal, ModalOverlay } from 'react-aria-components'
import { Outlet, useLocation } from 'react-router'
import { Icon } from '@/components/ui/icon'
import { Logo } from '@/components/ui/logo'
import { PageLoader } from '@/components/ui/notice'
import { SmallScreenNotice } from '@/components/ui/small-screen-notice'
import { BREAKPOINTS } from '@/config/constants'
import { useLogout } from '@/features/auth/api/logout'
import { useStoredUser } from '@/features/auth/api/stored-user'
import { NetworkHealthNotice } from '@/features/health/components/network-health-notice'
import { Sidebar, type SidebarProps } from '@/features/navigation/components/sidebar'
import { SIDEBAR_STAYS_USABLE } from '@/features/navigation/components/sub-panel'
import { SearchPreview } from '@/features/search/components/search-preview'
import { useSite } from '@/features/sites/api/get-site'
import { SiteSwitcherList } from '@/features/sites/components/site-switcher-list'
import { FeatureSwitcher } from '@/features/staff/components/feature-switcher'
import { MasqueradeBanner } from '@/features/staff/components/masquerade-banner'
import { useMediaQuery } from '@/hooks/use-media-query'
import { useActiveSite } from '@/lib/active-site'
import { useFeatureFlags } from '@/lib/feature-flags'
import { useLiveScans } from '@/lib/live-scans'
import { STORAGE_KEYS, useStoredValue, writeStoredValue } from '@/lib/local-store'
import { parseSitePath } from '@/lib/site-paths'
import { SocketProvider } from '@/lib/socket'
import styles from './signed-in-layout.module.css'

/** The header's scan-progress widget loads after the frame: the page never waits for it. */
const ScanProgress = lazy(() =>
  import('@/features/scans/components/scan-progress').then((module) => ({ default: module.ScanProgress })),
)

function HeaderScanProgress({ tone }: { tone?: 'light' | 'dark' }) {
  return (
    <Suspense fallback={null}>
      <ScanProgress tone={tone} />
    </Suspense>
  )
}

/** The sidebar is expanded unless the user collapsed it, and remembers the choice. */
function useSidebarCollapsed(): [boolean, () => void] {
  const collapsed = useStoredValue(STORAGE_KEYS.sidebarExpanded) === 'false'
  return [collapsed, () => writeStoredValue(STORAGE_KEYS.sidebarExpanded, collapsed ? 'true' : 'false')]
}

function SmallScreenMenu(props: Omit<SidebarProps, 'mode'>) {
  return (
    <header className={styles.topbar}>
      <Link href="/" className={styles.topbarHome} aria-label="Canopy home">
        <Logo tone="dark" />
      </Link>
      <div className={styles.topbarActions}>
        <HeaderScanProgress tone="dark" />
        <DialogTrigger>
          <Button className={styles.menuButton}>
            <Icon name="menu" />
            Menu
          </Button>
          <ModalOverlay isDismissable className={styles.drawerOverlay}>
            <Modal className={styles.drawer}>
              <Dialog className={styles.drawerDialog}>
                {({ close }) => (
                  <>
                    <div className={styles.drawerHeader}>
                      <Heading slot="title">Menu</Heading>
                      <Button className={styles.drawerClose} onPress={close} aria-label="Close menu">
                        <Icon name="close" />
                      </Button>
                    </div>
                    <div className={styles.drawerBody}>
                      <Sidebar {...props} mode="drawer" onNavigate={close} />
                    </div>
                  </>
                )}
              </Dialog>
            </Modal>
          </ModalOverlay>
        </DialogTrigger>
      </div>
    </header>
  )
}

/** Scan progress flows over the session's socket into the cache while anything signed-in is on screen. */
function LiveScans({ siteSlug }: { siteSlug: string | null }) {
  useLiveScans(siteSlug)
  return null
}

/** The signed-in frame with the session's one socket connection. */
export function Component() {
  return (
    <SocketProvider>
      <SignedInFrame />
    </SocketProvider>
  )
}

/** The signed-in frame: the sidebar (a menu drawer below 800 px), then the page. */
function SignedInFrame() {
  const { pathname } = useLocation()
  const user = useStoredUser()
  const activeSite = useActiveSite()
  const siteSlug = parseSitePath(pathname)?.siteSlug ?? activeSite
  const site = useSite(siteSlug)
  const sectionSlug = parseSitePath(pathname)?.sectionSlug ?? null
  const flags = useFeatureFlags(user?.isStaff ?? false, site.data ? (siteSlug ?? null) : null)
  const isDesktop = useMediaQuery(`(min-width: ${BREAKPOINTS.desktopLayoutFrom}px)`)
  const [collapsed, toggleCollapsed] = useSidebarCollapsed()
  const logout = useLogout()
  const renderSiteList = useMemo(() => (close: () => void) => <SiteSwitcherList onNavigate={close} />, [])
  const renderSearchResults = useMemo(
    () => (term: string, onNavigate: () => void) =>
      siteSlug ? (
        <SearchPreview siteSlug={siteSlug} sectionSlug={sectionSlug} term={term} onNavigate={onNavigate} />
      ) : null,
    [siteSlug, sectionSlug],
  )

  // Logging out clears the stored user a moment before the page reloads at /.
  if (!user) return <PageLoader />

  const sidebarProps = {
    user,
    site: site.data ?? null,
    sectionSlug,
    isFlagActive: flags.isActive,
    renderSiteList,
    renderSearchResults,
    onLogout: () => logout.mutate(),
  }

  return (
    <div className={`${styles.shell} ${isDesktop && collapsed ? styles.collapsed : ''}`}>
      <LiveScans siteSlug={site.data ? siteSlug : null} />
      <FeatureSwitcher siteSlug={site.data ? (siteSlug ?? null) : null} isStaff={user.isStaff} />
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      {isDesktop ? (
        <header className={styles.rail} {...SIDEBAR_STAYS_USABLE}>
          <Sidebar {...sidebarProps} mode="rail" collapsed={collapsed} onToggleCollapsed={toggleCollapsed} />
        </header>
      ) : (
        <SmallScreenMenu {...sidebarProps} />
      )}
      <main id="main" tabIndex={-1} className={styles.content}>
        {isDesktop ? (
          <div className={styles.contentHeader}>
            <HeaderScanProgress />
          </div>
        ) : null}
        <MasqueradeBanner user={user} />
        <SmallScreenNotice />
        <NetworkHealthNotice />
        <div className={styles.inner}>
          <Outlet />
        </div>
      </main>
    </div>
  )
}
