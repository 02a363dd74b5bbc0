import { roleAllows, type SitePermission, type SiteRole } from '@canopy/contracts'
import type { IconName } from '@/components/ui/icon'
import { VERSION_GATES } from '@/config/constants'
import { MESSAGES } from '@/config/messages'
import type { FeatureFlag } from '@/lib/feature-flags'
import { sitePath } from '@/lib/site-paths'
import { isVersionAtLeast } from '@/lib/version'

/**
 * The sidebar's items: each has a title, link, icon, featureActive, adminOnly, links and
 * groups. Items are declared once here with what gates them; `buildNavigation` resolves the gates for
 * one user and site, so the sidebar renders only what this user may use.
 */
export type NavLink = {
  title: string
  /** The route under /site/{slug}[/section/{section}], '' for the area's overview. */
  path: string
  adminOnly?: boolean
  /** Shown to the roles that have this permission (instead of adminOnly, to admins only). */
  permission?: SitePermission
  /** A detail route reached from a screen (a row's link), routed and gated here but not in the sidebar. */
  inSidebar?: false
  featureFlag?: FeatureFlag
  /** Overrides the group's needsScan for a screen whose data does not come from scans. */
  needsScan?: boolean
}

export type NavGroupDefinition = {
  id: string
  title: string
  icon: IconName
  /** The route segment of the area, used to mark the group current. */
  area: string
  adminOnly?: boolean
  permission?: SitePermission
  featureFlag?: FeatureFlag
  /** Premium areas need a paying site; they still show, leading to the gate. */
  premium?: boolean
  /** Whether the screens need scan data (first-scan-pending notice until the first scan completes). */
  needsScan?: boolean
  links: NavLink[]
}

export const FEATURE_GROUPS: NavGroupDefinition[] = [
  {
    id: 'accessibility',
    title: 'Accessibility',
    icon: 'accessibility',
    area: 'accessibility',
    needsScan: true,
    links: [
      { title: 'Overview', path: 'accessibility' },
      { title: 'Pages', path: 'accessibility/pages' },
      { title: 'PDFs', path: 'accessibility/pdfs', featureFlag: 'accessibility/pdfs' },
    ],
  },
  {
    id: 'content-quality',
    title: 'Content quality',
    icon: 'contentQuality',
    area: 'content-quality',
    premium: true,
    needsScan: true,
    links: [
      { title: 'Overview', path: 'content-quality' },
      { title: 'Pages', path: 'content-quality/pages' },
      { title: 'Readability', path: 'content-quality/readability' },
      { title: 'Broken links', path: 'content-quality/broken-links' },
      { title: 'Malicious links', path: 'content-quality/malicious-links' },
      { title: 'Misspellings', path: 'content-quality/misspellings' },
      { title: 'Dictionaries', path: 'content-quality/dictionaries' },
    ],
  },
  {
    id: 'seo',
    title: 'SEO',
    icon: 'seo',
    area: 'seo',
    premium: true,
    needsScan: true,
    links: [
      { title: 'Overview', path: 'seo' },
      { title: 'Pages', path: 'seo/pages' },
      { title: 'Duplicate content', path: 'seo/duplicate-content' },
      { title: 'Orphaned pages', path: 'seo/orphaned-pages', featureFlag: 'seo/orphaned-pages' },
      { title: 'Health', path: 'seo/health' },
    ],
  },
  {
    id: 'performance',
    title: 'Performance',
    icon: 'performance',
    area: 'performance',
    premium: true,
    needsScan: true,
    links: [
      { title: 'Overview', path: 'performance' },
      { title: 'Pages', path: 'performance/pages' },
      // Uptime comes from the worker's checks of the root, not from scans: no first-scan gate.
      {
        title: 'Uptime',
        path: 'performance/uptime',
        featureFlag: 'performance/uptime',
        needsScan: false,
      },
    ],
  },
  {
    id: 'inventory',
    title: 'Inventory',
    icon: 'inventory',
    area: 'inventory',
    premium: true,
    needsScan: true,
    links: [
      { title: 'Overview', path: 'inventory' },
      { title: 'PDFs', path: 'inventory/pdfs' },
      { title: 'Documents', path: 'inventory/documents' },
      { title: 'Archives', path: 'inventory/archives' },
      { title: 'Spreadsheets', path: 'inventory/spreadsheets' },
      { title: 'PowerPoints', path: 'inventory/powerpoints' },
      { title: 'Media', path: 'inventory/media', featureFlag: 'inventory/media' },
      { title: 'E-mail addresses', path: 'inventory/email' },
      { title: 'Telephone numbers', path: 'inventory/telephone' },
    ],
  },
  {
    // Page views come from the site's web analytics property, not from scans: no first-scan gate. The
    // screens themselves say when web analytics is not connected yet.
    id: 'analytics',
    title: 'Analytics',
    icon: 'analytics',
    area: 'analytics',
    premium: true,
    needsScan: false,
    links: [{ title: 'Overview', path: 'analytics' }],
  },
]

/**
 * The Settings entries are admin-only but for the users list and a user's detail, which those who may see
 * the site's users (editors, viewMembers) read without changing anything.
 */
export const SETTINGS_GROUP: NavGroupDefinition = {
  id: 'settings',
  title: MESSAGES.sidebar.settings,
  icon: 'settings',
  area: 'settings',
  permission: 'viewMembers',
  links: [
    { title: 'General', path: 'settings', adminOnly: true },
    { title: 'Users', path: 'settings/users', permission: 'viewMembers' },
    { title: 'User', path: 'settings/user', permission: 'viewMembers', inSidebar: false },
    { title: 'Groups', path: 'settings/groups', adminOnly: true },
    { title: 'Permissions', path: 'settings/permissions', adminOnly: true },
    { title: 'Invites', path: 'settings/invites', adminOnly: true },
    { title: 'Invites history', path: 'settings/invites-history', adminOnly: true },
    { title: 'Sections', path: 'settings/sections', adminOnly: true },
    { title: 'Scans', path: 'settings/scans', adminOnly: true, featureFlag: 'settings/scans' },
    { title: 'Sitemap', path: 'settings/sitemap', adminOnly: true, featureFlag: 'settings/sitemaps' },
    { title: 'Billing', path: 'settings/billing', adminOnly: true, featureFlag: 'settings/accountbilling' },
    { title: 'Integrations', path: 'settings/integrations', adminOnly: true },
    { title: 'Scanning behind a login', path: 'settings/scan-login', adminOnly: true },
    { title: 'Danger zone', path: 'settings/danger-zone', adminOnly: true },
  ],
}

export const ASSIGNED_ISSUES = {
  title: 'Assigned issues',
  path: 'assigned-issues',
  icon: 'assigned' as IconName,
  minVersion: VERSION_GATES.assignedIssuesMinVersion,
}

/** The screens about all of the user's sites, below the site list in the sidebar. */
export const CROSS_SITE_LINKS: { title: string; href: string; icon: IconName }[] = [
  { title: 'Overview', href: '/overview', icon: 'dashboard' },
  { title: 'Active scans', href: '/scans', icon: 'clock' },
]

/** In the user menu: the list of sites with what can be set up for each. */
export const CONFIGURATIONS_LINK = {
  title: 'Configurations',
  href: '/configurations',
  icon: 'settings' as IconName,
}

export const ADD_SINGLE_PAGE_FLAG: FeatureFlag = 'add-single-page-scan'

export type NavigationContext = {
  siteSlug: string
  sectionSlug: string | null
  hasAdminAccess: boolean
  /** the user's role on the site (the permission gates) */
  role: SiteRole
  productVersion: string
  isFlagActive: (flag: FeatureFlag) => boolean
}

export type ResolvedLink = { title: string; link: string; featureActive: boolean; adminOnly: boolean }
export type ResolvedGroup = {
  id: string
  title: string
  icon: IconName
  link: string
  featureActive: boolean
  adminOnly: boolean
  links: ResolvedLink[]
}

export type SiteNavigation = {
  dashboard: { title: string; link: string; icon: IconName }
  groups: ResolvedGroup[]
  assignedIssues: { title: string; link: string; icon: IconName; siteSlug: string } | null
  settings: ResolvedGroup | null
  showAddSinglePage: boolean
}

function isAllowed(
  item: { adminOnly?: boolean; permission?: SitePermission; featureFlag?: FeatureFlag },
  context: Pick<NavigationContext, 'hasAdminAccess' | 'role' | 'isFlagActive'>,
): { featureActive: boolean; adminOnly: boolean; visible: boolean } {
  const featureActive = item.featureFlag ? context.isFlagActive(item.featureFlag) : true
  const adminOnly = item.adminOnly === true
  const permitted = item.permission ? roleAllows(context.role, item.permission) : true
  return {
    featureActive,
    adminOnly,
    visible: featureActive && permitted && (!adminOnly || context.hasAdminAccess),
  }
}

function resolveGroup(group: NavGroupDefinition, context: NavigationContext): ResolvedGroup | null {
  const gate = isAllowed(group, context)
  if (!gate.visible) return null
  const links = group.links.flatMap((link) => {
    const linkGate = isAllowed(link, context)
    return linkGate.visible && link.inSidebar !== false
      ? [
          {
            title: link.title,
            link: sitePath(context.siteSlug, context.sectionSlug, link.path),
            featureActive: linkGate.featureActive,
            adminOnly: linkGate.adminOnly,
          },
        ]
      : []
  })
  return {
    id: group.id,
    title: group.title,
    icon: group.icon,
    link: sitePath(context.siteSlug, context.sectionSlug, group.area),
    featureActive: gate.featureActive,
    adminOnly: gate.adminOnly,
    links,
  }
}

/** The site part of the sidebar for one user and site, with admin, flag and version gates applied. */
export function buildSiteNavigation(context: NavigationContext): SiteNavigation {
  return {
    dashboard: {
      title: MESSAGES.sidebar.dashboard,
      link: sitePath(context.siteSlug, context.sectionSlug),
      icon: 'dashboard',
    },
    groups: FEATURE_GROUPS.flatMap((group) => resolveGroup(group, context) ?? []),
    assignedIssues: isVersionAtLeast(context.productVersion, ASSIGNED_ISSUES.minVersion)
      ? {
          title: ASSIGNED_ISSUES.title,
          link: sitePath(context.siteSlug, context.sectionSlug, ASSIGNED_ISSUES.path),
          icon: ASSIGNED_ISSUES.icon,
          siteSlug: context.siteSlug,
        }
      : null,
    settings: resolveGroup(SETTINGS_GROUP, context),
    showAddSinglePage: context.isFlagActive(ADD_SINGLE_PAGE_FLAG),
  }
}

export type SiteRouteDecision =
  | { kind: 'not-found' }
  | { kind: 'premium'; feature: string }
  | { kind: 'first-scan-pending' }
  | { kind: 'allowed' }

type SiteGates = {
  isPaying: boolean
  firstScanCompleted: boolean
  hasAdminAccess: boolean
  role: SiteRole
  productVersion: string
}

/**
 * What a per-site feature route may show: the premium gate for a site that is not paying, the first-scan
 * notice before the first scan, and its screen ('allowed') otherwise; a route whose screen is not built yet
 * shows the not-found view, never invented data. Routes the user may not see (admin-only, flag off, version
 * too old) are not found.
 */
export function decideSiteRoute(
  rest: string,
  site: SiteGates,
  isFlagActive: (flag: FeatureFlag) => boolean,
): SiteRouteDecision {
  const path = rest.replace(/^\/+|\/+$/g, '')
  const area = path.split('/')[0] ?? ''
  if (area === ASSIGNED_ISSUES.path) {
    // assignments are made on scan results, but the list itself needs no scan: only the version gates it
    const allowed =
      path === ASSIGNED_ISSUES.path && isVersionAtLeast(site.productVersion, ASSIGNED_ISSUES.minVersion)
    return allowed ? { kind: 'allowed' } : { kind: 'not-found' }
  }
  const group = [...FEATURE_GROUPS, SETTINGS_GROUP].find((candidate) => candidate.area === area)
  if (!group) return { kind: 'not-found' }
  const context: NavigationContext = {
    siteSlug: '',
    sectionSlug: null,
    hasAdminAccess: site.hasAdminAccess,
    role: site.role,
    productVersion: site.productVersion,
    isFlagActive,
  }
  const link = group.links
    .filter((candidate) => path === candidate.path || path.startsWith(`${candidate.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0]
  if (!link || !isAllowed(group, context).visible || !isAllowed(link, context).visible)
    return { kind: 'not-found' }
  if (group.premium && !site.isPaying) return { kind: 'premium', feature: group.title }
  if ((link.needsScan ?? group.needsScan) && !site.firstScanCompleted) return { kind: 'first-scan-pending' }
  return { kind: 'allowed' }
}
