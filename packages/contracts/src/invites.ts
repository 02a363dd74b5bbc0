import { z } from 'zod'
import { ListQuerySchema, pagedListSchema, SortDirSchema } from './paging.js'
import { SiteRoleSchema } from './roles.js'

/** The invites screens' and the invite page's words, from messages.json. */
export const INVITE_MESSAGES = {
  emailRequired: 'An email address is required',
  emailInvalid: 'A valid email address must be entered',
  emailInUse: 'This email address is already in use.',
  sent: 'Your email invite has been sent.',
  revoked: 'Invite revoked',
  revokeFailed: 'There was an error revoking the invite.',
  invalid:
    "Sorry, this invite doesn't exist or has expired. Please contact your organisation's administrator to get access, or log in if you already have access.",
  /** not in messages.json: the link invites of this brief */
  typeInvalid: "An invite's type is 'email' or 'link'.",
  domainInvalid:
    'Enter an email domain such as example.com, or leave it empty to let anyone with the link join.',
  linkCreated: 'Your invite link has been created.',
} as const

/** An invite can be used for this long after it is sent. */
export const INVITE_TTL_DAYS = 7

const InviteEmailSchema = z
  .string({ error: INVITE_MESSAGES.emailRequired })
  .trim()
  .min(1, INVITE_MESSAGES.emailRequired)
  .max(320, INVITE_MESSAGES.emailInvalid)
  .pipe(z.email({ error: INVITE_MESSAGES.emailInvalid }))

/** A host name of at least two labels (letters, digits, inner hyphens), as in an e-mail address after '@'. */
const DOMAIN_PATTERN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/

/**
 * The allowed e-mail domain of a link invite: written as `example.com` or `@example.com`, any case; empty,
 * null or absent means anyone holding the link may join (null after parsing).
 */
export const InviteDomainSchema = z
  .string({ error: INVITE_MESSAGES.domainInvalid })
  .trim()
  .max(253, INVITE_MESSAGES.domainInvalid)
  .transform((value) => value.replace(/^@/, '').toLowerCase())
  .refine((value) => value === '' || DOMAIN_PATTERN.test(value), INVITE_MESSAGES.domainInvalid)
  .nullish()
  .transform((value) => value || null)

/**
 * POST /api/v1/invites/:slug: an e-mail invite (`email` required; the invitation is e-mailed to it) or a link
 * invite (`domain` optional; the link is answered once, for the admin to share), each giving `role` (viewer
 * unless named) on acceptance. One flat object, so that every field's error is named whatever the type.
 */
export const CreateInviteRequestSchema = z.object({
  type: z.enum(['email', 'link'], { error: INVITE_MESSAGES.typeInvalid }),
  email: InviteEmailSchema.optional(),
  domain: InviteDomainSchema,
  role: SiteRoleSchema.default('viewer'),
})
export type CreateInviteRequest = z.input<typeof CreateInviteRequestSchema>
export type ParsedCreateInviteRequest = z.infer<typeof CreateInviteRequestSchema>

/** DELETE /api/v1/invites/:slug revokes the invite `id` (a JSON body). */
export const RevokeInviteRequestSchema = z.object({
  id: z.string({ error: 'Name the invite to revoke.' }).min(1, 'Name the invite to revoke.').max(100),
})

export const INVITE_STATUSES = ['pending', 'accepted', 'declined', 'revoked', 'expired'] as const
export const InviteStatusSchema = z.enum(INVITE_STATUSES)
export type InviteStatus = z.infer<typeof InviteStatusSchema>

/** An invite as its site's admins see it. */
export const InviteSchema = z.object({
  id: z.string(),
  type: z.enum(['email', 'link']),
  /** the invited address; null for a link invite */
  email: z.string().nullable(),
  /** a link invite's allowed e-mail domain; null for anyone with the link, and for e-mail invites */
  domain: z.string().nullable(),
  role: SiteRoleSchema,
  created: z.string(),
  expires: z.string(),
  revoked: z.boolean(),
  status: InviteStatusSchema,
})
export type Invite = z.infer<typeof InviteSchema>
export const InviteListSchema = pagedListSchema(InviteSchema)

/**
 * POST /api/v1/invites/:slug answers the invite; a link invite also with its link, this once (only a hash of
 * its token is kept, so it cannot be shown again).
 */
export const CreatedInviteSchema = InviteSchema.extend({ link: z.string().optional() })
export type CreatedInvite = z.infer<typeof CreatedInviteSchema>

export const INVITE_SORT_KEYS = ['email', 'created', 'expires'] as const

/** ?active=true: the invites still usable; false: the history (accepted, declined, revoked or expired). */
export const InviteListQuerySchema = ListQuerySchema.extend({
  active: z
    .enum(['true', 'false'], { error: 'active: true or false.' })
    .default('true')
    .transform((value) => value === 'true'),
  sortBy: z.enum(INVITE_SORT_KEYS, { error: `Sort by one of: ${INVITE_SORT_KEYS.join(', ')}.` }).optional(),
  sortDir: SortDirSchema.optional(),
})
export type InviteListQuery = z.infer<typeof InviteListQuerySchema>

export const InviteParamsSchema = z.object({ slug: z.string().min(1).max(200) })
export const InviteTokenParamsSchema = InviteParamsSchema.extend({ token: z.string().min(1).max(200) })

/** The invite page's view of an invite, for anyone holding its link. */
export const PublicInviteSchema = z.object({
  type: z.enum(['email', 'link']),
  /** the invited address (email invites) or the allowed domain (link invites) */
  detail: z.string(),
  siteName: z.string(),
})
export type PublicInvite = z.infer<typeof PublicInviteSchema>
