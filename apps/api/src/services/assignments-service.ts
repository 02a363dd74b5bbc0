import {
  ASSIGNMENT_MESSAGES,
  type AssignedIssue,
  type AssignedIssuesQuery,
  type AssignmentRequest,
  type AssignmentResult,
  isAssignableRole,
  type PagedList,
  type UnassignRequest,
} from '@canopy/contracts'
import {
  type AssignedIssuesFilter,
  type AssignmentKey,
  type AssignmentWrite,
  countAssignedIssues,
  createIssueAssignment,
  deleteIssueAssignment,
  findIssueAssignment,
  findPageIssueOfSite,
  findSiteNameById,
  findUserWhoSeesSite,
  type IssueAssignmentRow,
  isUniqueConstraintError,
  listAssignedIssues,
  type PrismaClient,
  updateIssueAssignment,
} from '@canopy/db'
import type { FastifyBaseLogger } from 'fastify'
import { badRequest, conflict, notFound } from '../http-errors.js'
import type { Mailer } from '../plugins/app/mailer.js'
import { presentAssignedIssues } from '../presenters/assignment.js'
import { presentPagedList, toPageWindow } from '../presenters/paged-list.js'
import { presentAssignment } from '../presenters/scan-page.js'
import { composeAssignmentEmail } from './assignment-emails.js'
import { chooseSort, searchTerm } from './list-scope.js'

export interface AssignmentDeps {
  prisma: PrismaClient
  mailer: Mailer
  publicUrl: string
  log: FastifyBaseLogger
}

/** Who is changing the assignment, on which site. */
export interface Assigner {
  siteId: string
  slug: string
  userId: string
}

/** A role slug names the role; anything else must be a user who may see the site. */
async function resolveAssignee(prisma: PrismaClient, siteId: string, userId: string) {
  if (isAssignableRole(userId))
    return { write: { assignedToUserId: null, assignedToRole: userId }, user: null }
  const user = await findUserWhoSeesSite(prisma, { siteId, userId })
  if (!user) throw badRequest('userId', ASSIGNMENT_MESSAGES.assigneeNotMember)
  return { write: { assignedToUserId: user.id, assignedToRole: null }, user }
}

async function checkedTarget(prisma: PrismaClient, key: AssignmentKey) {
  const issue = await findPageIssueOfSite(prisma, key)
  if (!issue) throw notFound(ASSIGNMENT_MESSAGES.issueNotFound)
  return issue
}

type PageIssueWithPage = NonNullable<Awaited<ReturnType<typeof findPageIssueOfSite>>>

/** Mails the new assignee; a mail that fails is logged, the assignment stands. */
async function notifyAssignee(
  deps: AssignmentDeps,
  assigner: Assigner,
  assignee: { email: string; firstName: string },
  issue: PageIssueWithPage,
  row: IssueAssignmentRow,
) {
  const site = await findSiteNameById(deps.prisma, assigner.siteId)
  const tab = row.category === 'content_quality' ? 'content-quality' : row.category
  const link = `${deps.publicUrl}/site/${encodeURIComponent(assigner.slug)}/pages/${encodeURIComponent(issue.pageId)}/${tab}`
  const message = composeAssignmentEmail({
    to: assignee.email,
    firstName: assignee.firstName,
    assignerName: `${row.assignedBy.firstName} ${row.assignedBy.lastName}`.trim(),
    siteName: site?.siteName ?? assigner.slug,
    issueTitle: issue.title,
    pageLabel: issue.page.title ? `${issue.page.title} (${issue.page.url})` : issue.page.url,
    comment: row.comment,
    link,
  })
  try {
    await deps.mailer.send(message)
  } catch (error) {
    deps.log.error({ err: error, assignmentId: row.id }, 'the assignment e-mail could not be sent')
  }
}

function result(row: IssueAssignmentRow | null): AssignmentResult {
  return { ok: true, assignment: row ? presentAssignment(row) : null }
}

/** Assigns an unassigned issue of a page: 404 for an unknown page or issue, 409 when already assigned. */
export async function assignIssue(
  deps: AssignmentDeps,
  assigner: Assigner,
  issueId: string,
  body: AssignmentRequest,
): Promise<AssignmentResult> {
  const key = { siteId: assigner.siteId, pageId: body.pageId, issueId }
  const issue = await checkedTarget(deps.prisma, key)
  const assignee = await resolveAssignee(deps.prisma, assigner.siteId, body.userId)
  if (await findIssueAssignment(deps.prisma, key))
    throw conflict('issueId', ASSIGNMENT_MESSAGES.alreadyAssigned)
  const row = await createIssueAssignment(deps.prisma, {
    ...key,
    ...assignee.write,
    category: issue.category,
    comment: body.comment?.trim() || null,
    assignedById: assigner.userId,
  }).catch((error: unknown) => {
    if (isUniqueConstraintError(error)) throw conflict('issueId', ASSIGNMENT_MESSAGES.alreadyAssigned)
    throw error
  })
  if (assignee.user && assignee.user.id !== assigner.userId) {
    await notifyAssignee(deps, assigner, assignee.user, issue, row)
  }
  return result(row)
}

/** Changes an assignment's assignee or comment: 404 when the issue is not assigned on the page. */
export async function editAssignment(
  deps: AssignmentDeps,
  assigner: Assigner,
  issueId: string,
  body: AssignmentRequest,
): Promise<AssignmentResult> {
  const key = { siteId: assigner.siteId, pageId: body.pageId, issueId }
  const issue = await checkedTarget(deps.prisma, key)
  const existing = await findIssueAssignment(deps.prisma, key)
  if (!existing) throw notFound(ASSIGNMENT_MESSAGES.notAssigned)
  const assignee = await resolveAssignee(deps.prisma, assigner.siteId, body.userId)
  const write: AssignmentWrite = { ...assignee.write, comment: body.comment?.trim() || null }
  const row = await updateIssueAssignment(deps.prisma, key, { ...write, assignedById: assigner.userId })
  const newUser = assignee.user && assignee.user.id !== existing.assignedToUserId
  if (newUser && assignee.user && assignee.user.id !== assigner.userId) {
    await notifyAssignee(deps, assigner, assignee.user, issue, row)
  }
  return result(row)
}

/** Removes the assignment: 404 when the page or issue is unknown or it was not assigned. */
export async function unassignIssue(
  prisma: PrismaClient,
  siteId: string,
  issueId: string,
  body: UnassignRequest,
): Promise<AssignmentResult> {
  const key = { siteId, pageId: body.pageId, issueId }
  await checkedTarget(prisma, key)
  if ((await deleteIssueAssignment(prisma, key)) === 0) throw notFound(ASSIGNMENT_MESSAGES.notAssigned)
  return result(null)
}

/**
 * The filter of the assigned-issues list: assignedTo=me (the caller) or a role slug, anything else none;
 * assignedBy=me only when assignedTo is not me.
 */
export function assignedIssuesFilter(
  siteId: string,
  userId: string,
  query: Pick<AssignedIssuesQuery, 'assignedTo' | 'assignedBy' | 'search'>,
): AssignedIssuesFilter {
  const toMe = query.assignedTo === 'me'
  const role = query.assignedTo && isAssignableRole(query.assignedTo) ? query.assignedTo : undefined
  return {
    siteId,
    ...(toMe ? { assignedToUserId: userId } : {}),
    ...(role ? { assignedToRole: role } : {}),
    ...(!toMe && query.assignedBy === 'me' ? { assignedById: userId } : {}),
    search: searchTerm(query.search),
  }
}

const ASSIGNED_ISSUES_DEFAULT_SORT = { sortBy: 'dateTime', sortDir: 'desc' } as const

export async function listAssigned(
  prisma: PrismaClient,
  { siteId, userId }: { siteId: string; userId: string },
  query: AssignedIssuesQuery,
): Promise<PagedList<AssignedIssue>> {
  const { assignments, issues, totalCount } = await listAssignedIssues(
    prisma,
    assignedIssuesFilter(siteId, userId, query),
    chooseSort(query, ASSIGNED_ISSUES_DEFAULT_SORT),
    toPageWindow(query),
  )
  return presentPagedList(presentAssignedIssues(assignments, issues), totalCount, query)
}

export async function countAssigned(
  prisma: PrismaClient,
  { siteId, userId }: { siteId: string; userId: string },
  query: Pick<AssignedIssuesQuery, 'assignedTo' | 'assignedBy'>,
): Promise<{ count: number }> {
  return { count: await countAssignedIssues(prisma, assignedIssuesFilter(siteId, userId, query)) }
}
