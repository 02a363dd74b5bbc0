import {
  BILLING_MESSAGES,
  ORGANISATION_MESSAGES,
  type OrganisationSubType,
  PRICE_TIERS,
  type PriceTier,
  type SubscriptionStatus,
} from '@canopy/contracts'
import { MESSAGES } from '@/config/messages'
import { formatCount } from '@/lib/format-values'

/** The spec's three tabs, then the organisation's single sign-on (ours). */
export const BILLING_TABS = ['account', 'usage', 'pricing', 'sso'] as const
export type BillingTab = (typeof BILLING_TABS)[number]

/** The tab a URL segment names; an unknown segment reads as none (the screen sends it to the default). */
export function readBillingTab(segment: string | undefined): BillingTab | null {
  return BILLING_TABS.find((tab) => tab === segment) ?? null
}

export const billingPath = (slug: string, tab?: BillingTab) =>
  `/billing/${encodeURIComponent(slug)}${tab ? `/${tab}` : ''}`

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 2 })

export const formatPounds = (pounds: number) => gbp.format(pounds)

export const SUB_TYPE_LABELS: Record<OrganisationSubType, string> = {
  free: 'Free',
  trial: 'Trial',
  plus: 'Plus',
  enterprise: 'Enterprise',
}

export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  incomplete: 'Awaiting payment',
  active: 'Active',
  past_due: 'Payment overdue',
  canceled: 'Cancelled',
}

export const pagesPerScan = (pages: number) => `${formatCount(pages)} pages per scan`

/** The tiers a subscription can buy: all but the free plan. */
export const PAID_TIERS: readonly PriceTier[] = PRICE_TIERS.filter((tier) => tier.monthlyPounds > 0)

export const describeTier = (tier: PriceTier) =>
  `${pagesPerScan(tier.pages)}, ${formatPounds(tier.monthlyPounds)} per month`

export const BILLING_TEXT = {
  ...ORGANISATION_MESSAGES,
  ...BILLING_MESSAGES,
  // the site settings' texts for the same usage warnings and credit limit
  nearingScanLimit: MESSAGES.siteSettings.nearingScanLimit,
  scanLimitReached: MESSAGES.siteSettings.scanLimitReached,
  creditLimitUpdated: MESSAGES.siteSettings.creditLimitUpdated,
  creditLimitFailed: MESSAGES.siteSettings.somethingWentWrong,
  title: 'Billing',
  listCaption: 'Organisations',
  filter: 'Filter organisations',
  columns: {
    organisation: 'Organisation',
    subscription: 'Subscription',
    accountType: 'Account type',
    created: 'Date created',
  },
  organisation: 'Organisation',
  individual: 'Individual',
  tabsLabel: 'Organisation billing',
  tabs: { account: 'Account', usage: 'Usage', pricing: 'Pricing', sso: 'Single sign-on' } satisfies Record<
    BillingTab,
    string
  >,
  backToBilling: 'Back to billing',
  credits: 'Credits',
  creditsUsed: (used: number, limit: number) =>
    `${formatCount(used)} of ${formatCount(limit)} pages scanned this month`,
  creditsNote:
    'Pages scanned this calendar month by all sites of the organisation, against their credit limits.',
  reachedNote: 'Scans stop at the limit, and the account goes back to the free plan if it is not renewed.',
  sites: 'Sites',
  noSites: 'This organisation has no sites yet.',
  siteColumns: {
    site: 'Site',
    address: 'Address',
    usage: 'Pages scanned this month',
    limit: 'Credit limit',
    firstScanned: 'First scanned',
    actions: 'Actions',
  },
  notScannedYet: 'Not yet',
  changeCreditLimit: 'Change credit limit',
  creditLimitTitle: (siteName: string) => `Credit limit of ${siteName}`,
  creditLimitLabel: 'Pages per month',
  cancel: 'Cancel',
  save: 'Save',
  saving: 'Saving...',
  currentSubscription: 'Current subscription',
  freePlan: (pages: number) => `No subscription: the free plan, ${pagesPerScan(pages)}.`,
  paidUntil: (date: string) => `Paid until ${date}`,
  contactSupport:
    'This subscription is not managed through card payments here. Please contact support to change it.',
  chooseTier: 'Pages per scan',
  currency: 'Prices are in pounds sterling (GBP), billed monthly.',
  starting: 'Please wait...',
  paymentHeading: 'Payment',
  paymentLoading: 'Loading the payment form...',
  pay: (amount: string) => `Pay ${amount}`,
  paying: 'Processing...',
  awaitingConfirmation: 'Waiting for the payment to be confirmed...',
  invoices: 'Invoices',
  noInvoices: 'No invoices yet.',
  invoicesLoading: 'Loading the invoices...',
  invoicesFailed: 'The invoices could not be loaded. Please try again later.',
  invoiceColumns: { number: 'Invoice', date: 'Date', amount: 'Amount', status: 'Status', links: 'Download' },
  viewInvoice: 'View',
  invoicePdf: 'PDF',
  somethingWentWrong: 'Something went wrong. Please try again later.',
} as const
