import { z } from 'zod'
import { ACCOUNT_EXPIRY_MESSAGES } from './account-expiry.js'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, SortDirSchema } from './paging.js'
import { SiteRoleSchema } from './roles.js'

/**
 * GET /api/v1/sites/:slug/users: the people who can see the site, zero-based pages (the assign modal's user
 * search). Direct members always; with includeInherited, also those who see it through one of its groups.
 * Users come by name (`sortBy` name, or the literal 'undefined' the spec's app sends).
 */
export const SiteUsersQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  /** by name; the app sends the literal 'undefined', which the spec shows */
  sortBy: z.enum(['name', 'undefined']).optional(),
  sortDir: SortDirSchema.optional(),
  search: z.string().max(500).optional(),
  type: z.string().max(100).optional(),
  includeInherited: z.enum(['true', 'false']).optional(),
})
export type SiteUsersQuery = z.infer<typeof SiteUsersQuerySchema>

export const SiteUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** the highest of the direct membership's role and the roles the user's groups give them (ancestors' too) */
  role: SiteRoleSchema,
  /** true when the user sees the site only through one of its groups */
  inherited: z.boolean(),
  /** when the account stops working (on every site); null when it does not expire */
  accountExpiry: z.string().nullable(),
})
export type SiteUser = z.infer<typeof SiteUserSchema>

export const SiteUsersPageSchema = z.object({
  items: z.array(SiteUserSchema),
  /** zero-based */
  pageIndex: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
})
export type SiteUsersPage = z.infer<typeof SiteUsersPageSchema>

/**
 * A group that gives the user its role on the site: one they are in, or one that a group they are in is
 * nested in (at any depth; a subgroup is part of its parent group, so its members get the parent's role).
 */
export const SiteUserGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: SiteRoleSchema,
  /** the user's own group nested inside this one that the role reaches them through; null when they are in it */
  through: z.object({ id: z.string(), name: z.string() }).nullable(),
})
export type SiteUserGroup = z.infer<typeof SiteUserGroupSchema>

/**
 * GET /api/v1/sites/:slug/users/:userId: the user, their own role, and every group of the site that gives
 * them a role (with it).
 */
export const SiteUserDetailSchema = SiteUserSchema.extend({
  /** a direct member (whose role can be changed here) or only through groups */
  isMember: z.boolean(),
  /** the direct membership's role; null for one who sees the site only through its groups */
  directRole: SiteRoleSchema.nullable(),
  groups: z.array(SiteUserGroupSchema),
  /** the user's own consent to product news e-mails (set on their profile), and since when */
  productNewsConsent: z.boolean(),
  productNewsConsentAt: z.string().nullable(),
})
export type SiteUserDetail = z.infer<typeof SiteUserDetailSchema>

/**
 * PUT /api/v1/sites/:slug/users/:userId: the member's role on the site, the account's expiry (a future
 * date and time; null: it does not expire), or both.
 */
export const ChangeSiteUserRequestSchema = z
  .object({
    role: z
      .enum(['viewer', 'editor', 'admin'], { error: 'Choose a role: viewer, editor or admin.' })
      .optional(),
    accountExpiry: z.iso
      .datetime({ offset: true, error: ACCOUNT_EXPIRY_MESSAGES.invalid })
      .nullable()
      .optional(),
  })
  .refine((body) => body.role !== undefined || body.accountExpiry !== undefined, {
    path: ['role'],
    error: ACCOUNT_EXPIRY_MESSAGES.nothingToChange,
  })
export type ChangeSiteUserRequest = z.infer<typeof ChangeSiteUserRequestSchema>

export const SITE_USER_MESSAGES = {
  notFound: 'No user of this site could be found with this ID.',
  notMember: 'This user sees the site through a group: change the group instead.',
  lastAdmin: 'A site needs at least one administrator: make someone else an administrator first.',
} as const
