import type { Prisma } from '../generated/prisma/client.js'
import type { DbClient, PageWindow, SortDirection } from './db-client.js'
import { userSeesSiteWhere } from './site-access.js'

/** Issue assignments: one per site, page and issue, to a user of the site or to a team role. */

const personSelect = { id: true, firstName: true, lastName: true } satisfies Prisma.UserSelect

const assignmentInclude = {
  assignedTo: { select: personSelect },
  assignedBy: { select: personSelect },
  page: { select: { id: true, title: true, url: true } },
} satisfies Prisma.IssueAssignmentInclude

export type IssueAssignmentRow = Prisma.IssueAssignmentGetPayload<{ include: typeof assignmentInclude }>

export interface AssignmentKey {
  siteId: string
  pageId: string
  issueId: string
}

/** The issue as the page's last scan left it, with the page: null when the page or issue is not the site's. */
export function findPageIssueOfSite(db: DbClient, { siteId, pageId, issueId }: AssignmentKey) {
  return db.pageIssue.findFirst({
    where: { siteId, pageId, issueId },
    include: { page: { select: { id: true, title: true, url: true } } },
  })
}

/** The user when they may see the site (a membership or one of its groups), else null. */
export function findUserWhoSeesSite(db: DbClient, { siteId, userId }: { siteId: string; userId: string }) {
  return db.user.findFirst({
    where: { AND: [{ id: userId }, userSeesSiteWhere(siteId)] },
    select: { ...personSelect, email: true },
  })
}

export function findIssueAssignment(db: DbClient, key: AssignmentKey) {
  return db.issueAssignment.findUnique({
    where: { siteId_pageId_issueId: key },
    include: assignmentInclude,
  })
}

export interface AssignmentWrite {
  assignedToUserId: string | null
  assignedToRole: string | null
  comment: string | null
}

/** Creates the assignment; a second one of the same key fails on the unique index (the caller's 409). */
export function createIssueAssignment(
  db: DbClient,
  input: AssignmentKey &
    AssignmentWrite & { category: Prisma.IssueAssignmentCreateManyInput['category']; assignedById: string },
) {
  return db.issueAssignment.create({ data: input, include: assignmentInclude })
}

/** Changes the assignee and comment; whoever changed it becomes the assigner. */
export function updateIssueAssignment(
  db: DbClient,
  key: AssignmentKey,
  input: AssignmentWrite & { assignedById: string },
) {
  return db.issueAssignment.update({
    where: { siteId_pageId_issueId: key },
    data: input,
    include: assignmentInclude,
  })
}

/** Removes the assignment; the count removed (0 when there was none). */
export async function deleteIssueAssignment(db: DbClient, key: AssignmentKey): Promise<number> {
  const { count } = await db.issueAssignment.deleteMany({ where: key })
  return count
}

export interface AssignedIssuesFilter {
  siteId: string
  assignedToUserId?: string
  assignedToRole?: string
  assignedById?: string
  search?: string
}

function assignedIssuesWhere(filter: AssignedIssuesFilter): Prisma.IssueAssignmentWhereInput {
  const term = filter.search?.trim()
  const contains = term ? { contains: term, mode: 'insensitive' as const } : undefined
  return {
    siteId: filter.siteId,
    ...(filter.assignedToUserId ? { assignedToUserId: filter.assignedToUserId } : {}),
    ...(filter.assignedToRole ? { assignedToRole: filter.assignedToRole } : {}),
    ...(filter.assignedById ? { assignedById: filter.assignedById } : {}),
    ...(contains
      ? {
          OR: [
            { issueId: contains },
            { comment: contains },
            { page: { title: contains } },
            { page: { url: contains } },
          ],
        }
      : {}),
  }
}

export type AssignedIssueSort = 'dateTime' | 'title' | 'pageTitle'

function assignedIssuesOrder(
  sortBy: AssignedIssueSort,
  sortDir: SortDirection,
): Prisma.IssueAssignmentOrderByWithRelationInput[] {
  const first: Prisma.IssueAssignmentOrderByWithRelationInput =
    sortBy === 'title'
      ? { issueId: sortDir }
      : sortBy === 'pageTitle'
        ? { page: { title: { sort: sortDir, nulls: 'last' } } }
        : { updatedAt: sortDir }
  return [first, { id: 'asc' }]
}

/** One page of the site's assignments under the filter, with the issue as each page's last scan left it. */
export async function listAssignedIssues(
  db: DbClient,
  filter: AssignedIssuesFilter,
  sort: { sortBy: AssignedIssueSort; sortDir: SortDirection },
  window: PageWindow,
) {
  const where = assignedIssuesWhere(filter)
  const [assignments, totalCount] = await Promise.all([
    db.issueAssignment.findMany({
      where,
      include: assignmentInclude,
      orderBy: assignedIssuesOrder(sort.sortBy, sort.sortDir),
      ...window,
    }),
    db.issueAssignment.count({ where }),
  ])
  const issues =
    assignments.length === 0
      ? []
      : await db.pageIssue.findMany({
          where: {
            siteId: filter.siteId,
            OR: assignments.map(({ pageId, issueId, category }) => ({ pageId, issueId, category })),
          },
        })
  return { assignments, issues, totalCount }
}

export function countAssignedIssues(db: DbClient, filter: AssignedIssuesFilter): Promise<number> {
  return db.issueAssignment.count({ where: assignedIssuesWhere(filter) })
}
