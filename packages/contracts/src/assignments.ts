import { z } from 'zod'
import { IssueCategorySchema, IssueLevelSchema } from './audits.js'
import { AssignmentSchema } from './issues.js'
import { sortKeySchema } from './lists.js'
import { ListQuerySchema } from './paging.js'

/**
 * Assigning an issue on a page to a user of the site or to a team role, with a comment. One assignment per
 * site, page and issue; the assignee reads theirs (and their role's) under Assigned issues.
 */

/** The team roles an issue can be assigned to, with their display names; `other` exists but is not assignable. */
export const ASSIGNABLE_ROLES = [
  { slug: 'development-and-it', name: 'Development and IT' },
  { slug: 'marketing-communication-and-digital', name: 'Marketing, communication and digital' },
  { slug: 'design', name: 'Design' },
  { slug: 'content-creation', name: 'Content creation' },
] as const
export type AssignableRoleSlug = (typeof ASSIGNABLE_ROLES)[number]['slug']

export function isAssignableRole(value: string): value is AssignableRoleSlug {
  return ASSIGNABLE_ROLES.some((role) => role.slug === value)
}

/** The display name of a role slug, or the slug itself when it is not an assignable role. */
export function assignableRoleName(slug: string): string {
  return ASSIGNABLE_ROLES.find((role) => role.slug === slug)?.name ?? slug
}

/** The spec leaves the comment's length to the field's rules: ours is 1000 characters. */
export const ASSIGNMENT_COMMENT_MAX_LENGTH = 1000

export const ASSIGNMENT_MESSAGES = {
  pageIdRequired: 'Choose the page the issue is on.',
  assigneeRequired: 'Choose a user of the site or a role to assign the issue to.',
  commentTooLong: `Keep the comment to ${ASSIGNMENT_COMMENT_MAX_LENGTH} characters or fewer.`,
  assigneeNotMember: 'This user cannot see the site: choose a user of the site or a role.',
  issueNotFound: 'This issue was not found on the page.',
  alreadyAssigned: 'This issue is already assigned on this page: edit the assignment instead.',
  notAssigned: 'This issue is not assigned on this page.',
} as const

const PageIdSchema = z
  .string({ error: ASSIGNMENT_MESSAGES.pageIdRequired })
  .trim()
  .min(1, { error: ASSIGNMENT_MESSAGES.pageIdRequired })
  .max(100, { error: ASSIGNMENT_MESSAGES.pageIdRequired })

/** POST and PATCH body: userId is a site user's id or an assignable role's slug. */
export const AssignmentRequestSchema = z.object({
  pageId: PageIdSchema,
  userId: z
    .string({ error: ASSIGNMENT_MESSAGES.assigneeRequired })
    .trim()
    .min(1, { error: ASSIGNMENT_MESSAGES.assigneeRequired })
    .max(100, { error: ASSIGNMENT_MESSAGES.assigneeRequired }),
  comment: z
    .string({ error: 'Write the comment as text.' })
    .max(ASSIGNMENT_COMMENT_MAX_LENGTH, { error: ASSIGNMENT_MESSAGES.commentTooLong })
    .nullish(),
})
export type AssignmentRequest = z.infer<typeof AssignmentRequestSchema>

/** DELETE body */
export const UnassignRequestSchema = z.object({ pageId: PageIdSchema })
export type UnassignRequest = z.infer<typeof UnassignRequestSchema>

export const AssignmentResultSchema = z.object({ ok: z.boolean(), assignment: AssignmentSchema.nullable() })
export type AssignmentResult = z.infer<typeof AssignmentResultSchema>

export const AssignmentParamsSchema = z.object({
  issueId: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9._:-]+$/, { error: 'Not an issue ID.' }),
})

export const ASSIGNED_ISSUE_SORT_KEYS = ['dateTime', 'title', 'pageTitle'] as const

/**
 * ?assignedTo=me or a role slug (anything else: every assignment), ?assignedBy=me (only when assignedTo is
 * not me), with the shared paging, sort (newest first by default) and search (issue, page, comment).
 */
export const AssignedIssuesQuerySchema = ListQuerySchema.extend({
  sortBy: sortKeySchema(ASSIGNED_ISSUE_SORT_KEYS).optional(),
  assignedTo: z.string().max(100).optional(),
  assignedBy: z.string().max(100).optional(),
})
export type AssignedIssuesQuery = z.infer<typeof AssignedIssuesQuerySchema>

/** The count takes the list's filter (the sidebar asks for assignedTo=me). */
export const AssignedIssuesCountQuerySchema = AssignedIssuesQuerySchema.pick({
  assignedTo: true,
  assignedBy: true,
})

/** The user an issue is assigned to (null for a role), with their avatar's URL. */
export const AssigneeSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  avatarUrl: z.string(),
})
export type Assignee = z.infer<typeof AssigneeSchema>

export const AssignedIssueSchema = z.object({
  issueId: z.string(),
  pageId: z.string(),
  pageTitle: z.string().nullable(),
  /** the page's URL */
  pageUrl: z.string(),
  title: z.string(),
  category: IssueCategorySchema,
  issueDescription: z.string(),
  issueDetails: z.string().nullable(),
  issueLevel: IssueLevelSchema,
  assignee: AssigneeSchema.nullable(),
  assigner: AssigneeSchema,
  /** ISO 8601, when first assigned */
  createdAt: z.string(),
  assignment: AssignmentSchema,
})
export type AssignedIssue = z.infer<typeof AssignedIssueSchema>

export const AssignedIssuesCountSchema = z.object({ count: z.number().int() })
export type AssignedIssuesCount = z.infer<typeof AssignedIssuesCountSchema>

/** The avatar of a user, served by the avatars endpoint. */
export function avatarUrl(userId: string): string {
  return `/api/v1/avatars/${encodeURIComponent(userId)}`
}
