/**
 * The product's feature flags (constants.json `featureFlags`): all off by default; staff bypass them.
 * The descriptions say what each flag gates, for the flag switcher and for operators.
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
