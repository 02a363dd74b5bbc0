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
} as const

/** An invite can be used for this long after it is sent. */
export const INVITE_TTL_DAYS = 7

/** POST /api/v1/invites/:slug: an e-mail invite giving `role` (viewer unless named) on acceptance. */
export const CreateInviteRequestSchema = z.object({
  type: z.literal('email', { error: "type: only 'email' invites can be sent." }),
  email: z
    .string({ error: INVITE_MESSAGES.emailRequired })
    .trim()
    .min(1, INVITE_MESSAGES.emailRequired)
    .max(320, INVITE_MESSAGES.emailInvalid)
    .pipe(z.email({ error: INVITE_MESSAGES.emailInvalid })),
  role: SiteRoleSchema.default('viewer'),
})
export type CreateInviteRequest = z.infer<typeof CreateInviteRequestSchema>

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
  email: z.string(),
  role: SiteRoleSchema,
  created: z.string(),
  expires: z.string(),
  revoked: z.boolean(),
  status: InviteStatusSchema,
})
export type Invite = z.infer<typeof InviteSchema>
export const InviteListSchema = pagedListSchema(InviteSchema)

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
