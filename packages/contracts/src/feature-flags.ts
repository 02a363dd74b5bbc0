import { z } from 'zod'

/**
 * Feature flags switch screens and menu items on or off. Each has a global value (off until switched on) that a
 * site may override; internal (staff) users bypass every flag. GET /api/v1/features?site= answers the flags
 * as they apply to the caller; staff switch them with PUT /api/v1/features/:name and
 * PUT /api/v1/sites/:slug/features/:name.
 */
export const FEATURE_FLAGS = [
  { name: 'inventory/media', description: 'Shows the Inventory › Media screen and its menu item.' },
  { name: 'super-admin', description: 'Staff tools: debug information and masquerading as another user.' },
  { name: 'cms-config-link', description: "Shows a link to the site's CMS configuration." },
  { name: 'add-single-page-scan', description: "Shows 'Add single page' in the sidebar, to scan one URL." },
  { name: 'page-hits-table-columns', description: 'Shows the Page hits column on the broken links list.' },
  { name: 'accessibility/pdfs', description: 'Shows the Accessibility › PDFs screen.' },
  { name: 'seo/orphaned-pages', description: 'Shows the SEO › Orphaned pages screen.' },
  { name: 'performance/uptime', description: 'Shows the Performance › Uptime screen.' },
  { name: 'settings/scans', description: 'Shows the Settings › Scans screen.' },
  { name: 'settings/sitemaps', description: 'Shows the Settings › Sitemap screen.' },
  { name: 'settings/accountbilling', description: 'Shows the Settings › Billing screen.' },
  {
    name: 'user-admin',
    description: 'Shows user administration: Settings › Users and the user detail screen.',
  },
  { name: 'user-account-expiry', description: 'Shows the account expiry field on users.' },
] as const

export type FeatureFlagName = (typeof FEATURE_FLAGS)[number]['name']
export const FEATURE_FLAG_NAMES = FEATURE_FLAGS.map((flag) => flag.name) as [
  FeatureFlagName,
  ...FeatureFlagName[],
]

const FLAG_NAME_SET: ReadonlySet<string> = new Set(FEATURE_FLAG_NAMES)

export function isFeatureFlagName(value: string): value is FeatureFlagName {
  return FLAG_NAME_SET.has(value)
}

export const FEATURE_FLAG_MESSAGES = {
  unknown: 'There is no feature flag with that name.',
  off: 'This feature is not switched on for this site.',
  active: 'Choose on (true) or off (false).',
  siteActive: 'Choose on (true), off (false) or the global value (null).',
  site: 'Give the slug of a site.',
} as const

/** What decides a flag for one caller on one site. */
export interface FeatureFlagInputs {
  isStaff: boolean
  /** the flag's global value (false for a flag never switched) */
  global: boolean
  /** the site's own value, or null when the site follows the global value (or there is no site) */
  override: boolean | null
}

/** The one rule of every flag, on the API and in the web app: staff → on; else the site's value; else the global one. */
export function resolveFeatureFlag({ isStaff, global, override }: FeatureFlagInputs): boolean {
  if (isStaff) return true
  return override ?? global
}

export const FeatureFlagSchema = z.object({
  name: z.enum(FEATURE_FLAG_NAMES),
  description: z.string(),
  /** the global value */
  global: z.boolean(),
  /** the site's override; null when it follows the global value or no site was asked for */
  override: z.boolean().nullable(),
  /** whether the flag is on for the caller (staff: always) */
  active: z.boolean(),
})
export type FeatureFlag = z.infer<typeof FeatureFlagSchema>

export const FeatureFlagListSchema = z.object({
  /** the slug of the site the flags apply to, or null for the global values */
  site: z.string().nullable(),
  /**
   * the host is not production: the web app may let anyone override flags in this browser (local storage)
   * and opens the flag switcher on Ctrl+Shift+F
   */
  localOverrides: z.boolean(),
  items: z.array(FeatureFlagSchema),
})
export type FeatureFlagList = z.infer<typeof FeatureFlagListSchema>

export const FeatureFlagQuerySchema = z.object({
  site: z
    .string({ error: FEATURE_FLAG_MESSAGES.site })
    .trim()
    .min(1, FEATURE_FLAG_MESSAGES.site)
    .max(200, FEATURE_FLAG_MESSAGES.site)
    .optional(),
})

export const FeatureFlagParamsSchema = z.object({ name: z.string().max(200, FEATURE_FLAG_MESSAGES.unknown) })

export const GlobalFeatureFlagInputSchema = z.object({
  active: z.boolean({ error: FEATURE_FLAG_MESSAGES.active }),
})
export type GlobalFeatureFlagInput = z.infer<typeof GlobalFeatureFlagInputSchema>

export const SiteFeatureFlagInputSchema = z.object({
  active: z.boolean({ error: FEATURE_FLAG_MESSAGES.siteActive }).nullable(),
})
export type SiteFeatureFlagInput = z.infer<typeof SiteFeatureFlagInputSchema>
