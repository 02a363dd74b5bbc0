import { z } from 'zod'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, SortDirSchema } from './paging.js'
import { SiteRoleSchema } from './roles.js'
import { SiteUserSchema, SiteUsersQuerySchema } from './site-users.js'

/** The words of the groups endpoints and screens (messages.json has only the load error). */
export const GROUP_MESSAGES = {
  /** messages.json: the groups load error */
  loadError: 'Could not get groups.',
  notFound: 'No group of this site could be found with this ID.',
  nameRequired: 'A group name is required.',
  nameTooLong: 'A group name is at most 100 characters.',
  nameTaken: 'A group with this name already exists on this site.',
  roleInvalid: 'Choose a role: viewer, editor or admin.',
  parentNotFound: 'No group of this site has this ID.',
  parentCycle: 'A group cannot be placed inside itself or one of its own subgroups.',
  userRequired: 'Choose a user to add.',
  userNotAllowed:
    'Only someone who can see this site or belongs to its organisation can be added to a group.',
  alreadyMember: 'This user is already in the group.',
  notMember: 'This user is not in the group.',
  nothingToChange: 'Send at least one field to change.',
} as const

export const GROUP_NAME_MAX_LENGTH = 100

/** The sort keys of a list of groups: 'undefined' is the literal the spec's app sends (by name). */
export const GROUP_SORT_KEYS = ['name', 'role', 'members', 'undefined'] as const

/**
 * GET /api/v1/sites/:slug/groups and …/group/:groupId/groups: zero-based pages like the site's users.
 * Without includeInherited, the site's top-level groups (or the group's own subgroups); with it, the groups
 * nested below them too. `type` is accepted as the spec's app sends it; its meaning is not shown, so it
 * filters nothing (as on the users list).
 */
export const SiteGroupsQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sortBy: z.enum(GROUP_SORT_KEYS).optional(),
  sortDir: SortDirSchema.optional(),
  search: z.string().max(500).optional(),
  type: z.string().max(100).optional(),
  includeInherited: z.enum(['true', 'false']).optional(),
})
export type SiteGroupsQuery = z.infer<typeof SiteGroupsQuerySchema>

export const GroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** the role the group's members get on the site (a direct membership or another group may give more) */
  role: SiteRoleSchema,
  /** the group it is nested in; null for a top-level group */
  parent: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** its members (not those of its subgroups) */
  memberCount: z.number().int(),
  /** its direct subgroups */
  groupCount: z.number().int(),
  created: z.string(),
})
export type Group = z.infer<typeof GroupSchema>

/**
 * A page of groups in the spec's shape `{data, hasAccess}`, with the zero-based paging of the users list.
 * hasAccess is always true in a 200: a caller without access gets 401 or 403, which the app reads as false.
 */
export const SiteGroupsPageSchema = z.object({
  data: z.array(GroupSchema),
  hasAccess: z.boolean(),
  pageIndex: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
})
export type SiteGroupsPage = z.infer<typeof SiteGroupsPageSchema>

const GroupNameSchema = z
  .string({ error: GROUP_MESSAGES.nameRequired })
  .trim()
  .min(1, GROUP_MESSAGES.nameRequired)
  .max(GROUP_NAME_MAX_LENGTH, GROUP_MESSAGES.nameTooLong)
const GroupRoleSchema = z.enum(['viewer', 'editor', 'admin'], { error: GROUP_MESSAGES.roleInvalid })
const GroupIdSchema = z
  .string({ error: GROUP_MESSAGES.parentNotFound })
  .trim()
  .min(1, GROUP_MESSAGES.parentNotFound)
  .max(100, GROUP_MESSAGES.parentNotFound)

/** POST /api/v1/sites/:slug/groups: a new group, at the top or inside `parentId`. */
export const CreateGroupRequestSchema = z.object({
  name: GroupNameSchema,
  role: GroupRoleSchema,
  parentId: GroupIdSchema.nullable().optional(),
})
export type CreateGroupRequest = z.infer<typeof CreateGroupRequestSchema>

/** PUT /api/v1/sites/:slug/group/:groupId: every field optional, at least one; parentId null moves it to the top. */
export const UpdateGroupRequestSchema = z
  .object({ name: GroupNameSchema, role: GroupRoleSchema, parentId: GroupIdSchema.nullable() })
  .partial()
  .refine((body) => Object.keys(body).length > 0, GROUP_MESSAGES.nothingToChange)
export type UpdateGroupRequest = z.infer<typeof UpdateGroupRequestSchema>

/** GET /api/v1/sites/:slug/group/:groupId/users: the group's own members by name, zero-based pages. */
export const GroupUsersQuerySchema = SiteUsersQuerySchema.pick({
  page: true,
  pageSize: true,
  sortBy: true,
  sortDir: true,
  search: true,
})
export type GroupUsersQuery = z.infer<typeof GroupUsersQuerySchema>

export const GroupMemberSchema = SiteUserSchema.pick({
  id: true,
  firstName: true,
  lastName: true,
  email: true,
})
export type GroupMember = z.infer<typeof GroupMemberSchema>

export const GroupUsersPageSchema = z.object({
  items: z.array(GroupMemberSchema),
  /** zero-based */
  pageIndex: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
})
export type GroupUsersPage = z.infer<typeof GroupUsersPageSchema>

/** POST /api/v1/sites/:slug/group/:groupId/users: adds one user to the group. */
export const AddGroupUserRequestSchema = z.object({
  userId: z
    .string({ error: GROUP_MESSAGES.userRequired })
    .trim()
    .min(1, GROUP_MESSAGES.userRequired)
    .max(100),
})
export type AddGroupUserRequest = z.infer<typeof AddGroupUserRequestSchema>
