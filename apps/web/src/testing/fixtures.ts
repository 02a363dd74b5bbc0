import {
  FEATURE_FLAGS,
  type FeatureFlagList,
  type FeatureFlagName,
  permissionsOf,
  resolveFeatureFlag,
  type Section,
  type SiteConfig,
  type SiteListItem,
  type User,
} from '@canopy/contracts'

/** Contract-shaped answers, as the API sends them. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    firstName: 'Dana',
    lastName: 'Admin',
    username: 'demo@canopy.example',
    email: 'demo@canopy.example',
    isStaff: false,
    ...overrides,
  }
}

/** A site the user administers, unless the overrides say otherwise (hasAdminAccess: false is a viewer). */
export function makeSite(overrides: Partial<SiteConfig> = {}): SiteConfig {
  const role = overrides.role ?? (overrides.hasAdminAccess === false ? 'viewer' : 'admin')
  return {
    sys: { id: 'site-1', slug: 'demo-site' },
    siteName: 'Canopy Demo Site',
    rootUri: 'http://127.0.0.1:8090/',
    productVersion: '2.1.1',
    hasAdminAccess: role === 'admin',
    role,
    permissions: permissionsOf(role),
    isPaying: true,
    firstScanCompleted: false,
    organisation: { id: 'org-1', slug: 'canopy-demo', name: 'Canopy Demo' },
    webRiskIntegration: { enabled: false },
    jiraIntegration: { enabled: false, baseUrl: '' },
    reachedScanLimit: false,
    scanUsage: { pagesScannedThisMonth: 0, scanLimit: 100, percent: 0 },
    formFactor: 'desktop',
    maximumPageLimitPerScan: 100,
    scanLimit: 100,
    scanSchedule: '0 3 * * 1',
    scanDay: 1,
    scanHour: 3,
    timeZone: 'UTC',
    userAgent: null,
    respectRobots: true,
    accessibility: {
      wcagTarget: { version: '2.2', level: 'AA' },
      engines: ['axe', 'equal-access', 'canopy'],
    },
    ...overrides,
  }
}

export function makeSiteListItem(index: number, overrides: Partial<SiteListItem> = {}): SiteListItem {
  return {
    sys: { id: `site-${index}`, slug: `site-${index}` },
    siteName: `Site ${String(index).padStart(2, '0')}`,
    rootUri: `https://site-${index}.example/`,
    productVersion: '2.1.1',
    hasAdminAccess: true,
    role: 'admin',
    isPaying: true,
    firstScanCompleted: true,
    organisation: { id: 'org-1', slug: 'canopy-demo', name: 'Canopy Demo' },
    overallScore: 40 + index,
    pageCount: index * 10,
    scores: {
      accessibility: 50 + index,
      contentQuality: 60 + index,
      seo: 70 + index,
      performance: 45 + index,
    },
    lastScan: { id: `scan-${index}`, number: 3, state: 'completed', finishedAt: '2026-11-20T10:00:00.000Z' },
    activeScan: null,
    ...overrides,
  }
}

export function makeSection(index: number, overrides: Partial<Section> = {}): Section {
  return {
    sys: { id: `section-${index}`, slug: `section-${index}` },
    entryTitle: `Section ${index}`,
    title: `Section ${index}`,
    description: null,
    conditions: [],
    pagesInSection: index * 3,
    overallScore: 70 + index,
    hasFirstScanned: true,
    ...overrides,
  }
}

/** A paged list of `items`, honouring page and pageSize from the query like the API does. */
export function pageOf<T>(items: T[], query: URLSearchParams) {
  const pageSize = Number(query.get('pageSize') ?? 25)
  const page = Number(query.get('page') ?? 1)
  return {
    items: items.slice((page - 1) * pageSize, page * pageSize),
    totalCount: items.length,
    pageIndex: page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(items.length / pageSize)),
  }
}

/**
 * GET /api/v1/features as the API answers it: every flag off globally unless `global` says otherwise, the
 * site's overrides from `overrides`, on a host that allows this browser's own overrides unless told not to.
 */
export function makeFeatureFlagList(
  options: {
    site?: string | null
    isStaff?: boolean
    global?: Partial<Record<FeatureFlagName, boolean>>
    overrides?: Partial<Record<FeatureFlagName, boolean>>
    localOverrides?: boolean
  } = {},
): FeatureFlagList {
  const { isStaff = false, global = {}, overrides = {} } = options
  return {
    site: options.site ?? null,
    localOverrides: options.localOverrides ?? true,
    items: FEATURE_FLAGS.map(({ name, description }) => {
      const value = { global: global[name] ?? false, override: overrides[name] ?? null }
      return { name, description, ...value, active: resolveFeatureFlag({ isStaff, ...value }) }
    }),
  }
}
