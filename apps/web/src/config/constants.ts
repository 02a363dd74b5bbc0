/** Business constants from the spec's constants.json that the web app relies on. */
export const PAGING = {
  defaultPageSize: 25,
  sectionSwitcherPerPage: 8,
  skeletonRows: 10,
} as const

/** How long each kind of query stays fresh before it is fetched again (the site config: 30 min). */
export const STALE_TIME = {
  auth: 15 * 60_000,
  networkHealth: 15 * 60_000,
  siteConfig: 30 * 60_000,
  sections: 15_000,
  list: 60_000,
  dictionaries: 90_000,
  activeScans: 10_000,
  pageData: 60_000,
  pages: 15 * 60_000,
  documents: 5 * 60_000,
  history: 15_000,
  inventory: 60_000,
  invites: 5 * 60_000,
  publicInvite: 15 * 60_000,
  organisations: 10_000,
} as const

export const TIMING = {
  scanProgressPollMs: 10_000,
  redirectAfterLogoutMs: 150,
  redirectAfterPasswordResetMs: 5000,
  searchPanelToggleThrottleMs: 350,
  /** typing in a search box is sent once it has paused this long */
  searchDebounceMs: 500,
} as const

export const BREAKPOINTS = {
  xsmall: 480,
  small: 640,
  medium: 768,
  large: 1024,
  xlarge: 1280,
  smallScreenNoticeBelow: 768,
  desktopLayoutFrom: 800,
} as const

export const VERSION_GATES = {
  assignedIssuesMinVersion: '2.1.0',
} as const

/** Query parameters a list screen keeps in the URL, and those kept when the active section changes. */
export const LIST_QUERY_PARAMS = ['sortBy', 'sortDir', 'search', 'page'] as const
export const PARAMS_KEPT_ON_SECTION_SWITCH = ['view', 'sortBy', 'search'] as const
