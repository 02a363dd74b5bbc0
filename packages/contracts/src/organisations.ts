import { z } from 'zod'
import { SUBSCRIPTION_STATUSES } from './billing.js'
import { ACCOUNT_MESSAGES, AccountLocationSchema, AccountSchema } from './crm.js'
import { ListQuerySchema, pagedListSchema } from './paging.js'

/**
 * Organisations for their billing screens:
 *   GET /api/v1/crm/organisations/list  the organisations the user administers (staff: all), paged
 *   GET /api/v1/crm/organisations/:id   one organisation (:id its id or its slug) with its subscription and
 *                                       its sites' scan usage this calendar month
 *   PUT /api/v1/crm/organisations/:id   its account details
 * Its administrators (and staff) only: a non-member gets 404, a member who does not administer it 403.
 */

export const ORGANISATION_MESSAGES = {
  notFound: "We couldn't find the organisation you were looking for.",
  noneFound: 'No organisations found',
  listFailed: 'Sorry, something went wrong.',
  paymentSuccessful: 'Payment successful.',
} as const

export const ORGANISATION_SUB_TYPES = ['trial', 'plus', 'enterprise', 'free'] as const
export type OrganisationSubType = (typeof ORGANISATION_SUB_TYPES)[number]

export const ORGANISATION_SORT_KEYS = ['entryTitle', 'subscription', 'accountType', 'created'] as const
export type OrganisationSortKey = (typeof ORGANISATION_SORT_KEYS)[number]

export const OrganisationListQuerySchema = ListQuerySchema.extend({
  sortBy: z
    .enum(ORGANISATION_SORT_KEYS, { error: `Sort by one of: ${ORGANISATION_SORT_KEYS.join(', ')}.` })
    .optional(),
})
export type OrganisationListQuery = z.infer<typeof OrganisationListQuerySchema>

const OrganisationSysSchema = z.object({
  id: z.string(),
  slug: z.string(),
  version: z.object({ created: z.string() }),
})

/** What the list's Subscription column shows besides the plan: the tier bought and where it stands. */
export const SubscriptionSummarySchema = z.object({
  /** pages per scan bought */
  scanLimit: z.number().int(),
  status: z.enum(SUBSCRIPTION_STATUSES),
})

export const OrganisationListItemSchema = z.object({
  sys: OrganisationSysSchema,
  entryTitle: z.string(),
  subType: z.enum(ORGANISATION_SUB_TYPES),
  isBusinessOrOrganisation: z.boolean(),
  subscription: SubscriptionSummarySchema.nullable(),
})
export type OrganisationListItem = z.infer<typeof OrganisationListItemSchema>
export const OrganisationListSchema = pagedListSchema(OrganisationListItemSchema)

/** The subscription as the organisation shows it (productSubscription); null when it never subscribed. */
export const ProductSubscriptionSchema = z.object({
  type: z.string(),
  /** pages per scan bought */
  scanLimit: z.number().int(),
  /** pounds per billing period */
  billingAmount: z.number(),
  billingPeriod: z.string(),
  /** ISO 8601; null before the first payment */
  validTo: z.string().nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  providerManaged: z.boolean(),
})
export type ProductSubscription = z.infer<typeof ProductSubscriptionSchema>

/** A site's scan usage: pages scanned this calendar month (UTC) against its credit limit (scanLimit). */
export const OrganisationSiteUsageSchema = z.object({
  siteName: z.string(),
  slug: z.string(),
  rootUri: z.string(),
  totalUsage: z.number().int(),
  scanLimit: z.number().int(),
  /** ISO 8601: when its first full scan completed; null before */
  firstScanned: z.string().nullable(),
})
export type OrganisationSiteUsage = z.infer<typeof OrganisationSiteUsageSchema>

export const OrganisationSchema = z.object({
  sys: OrganisationSysSchema,
  name: z.string(),
  subType: z.enum(ORGANISATION_SUB_TYPES),
  isBusinessOrOrganisation: z.boolean(),
  emailAddress: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  location: AccountSchema.shape.location,
  productSubscription: ProductSubscriptionSchema.nullable(),
  sites: z.object({
    /** the sites' credit limits and usage added up */
    overall: z.object({ totalLimit: z.number().int(), totalUsage: z.number().int() }),
    items: z.array(OrganisationSiteUsageSchema),
  }),
})
export type Organisation = z.infer<typeof OrganisationSchema>

/** PUT /api/v1/crm/organisations/:id: the account form's rules, the name under `name`. */
export const UpdateOrganisationRequestSchema = z
  .object({
    name: z.string().trim().max(200).default(''),
    emailAddress: z.union([z.literal(''), z.email(ACCOUNT_MESSAGES.emailInvalid).max(320)]).nullish(),
    phoneNumber: z.string().trim().max(50).nullish(),
    isBusinessOrOrganisation: z.boolean(),
    location: AccountLocationSchema,
  })
  .superRefine((body, ctx) => {
    if (body.name) return
    const message = body.isBusinessOrOrganisation
      ? ACCOUNT_MESSAGES.organisationNameRequired
      : ACCOUNT_MESSAGES.fullNameRequired
    ctx.addIssue({ code: 'custom', path: ['name'], message })
  })
export type UpdateOrganisationRequest = z.infer<typeof UpdateOrganisationRequestSchema>

export type ScanUsageWarning = 'nearing' | 'reached' | null

/** The organisation's usage: exceeded at or above its limit, nearing above 90 % and below the limit minus 1. */
export function organisationScanUsageWarning(usage: number, limit: number): ScanUsageWarning {
  if (limit <= 0) return null
  if (usage >= limit) return 'reached'
  return usage > limit * 0.9 && usage < limit - 1 ? 'nearing' : null
}
