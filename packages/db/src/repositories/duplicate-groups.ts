import { randomUUID } from 'node:crypto'
import { type DuplicateKind, Prisma } from '../generated/prisma/client.js'
import type { DbClient, SortDirection } from './db-client.js'
import { runInTransaction, toContainsPattern } from './db-client.js'
import type { SortColumn, SqlList, SqlSort } from './keyset-list.js'

/** A group of a site's pages sharing a title, a description or (nearly) the same main text. */
export interface DuplicateGroupInput {
  kind: DuplicateKind
  value: string
  pageIds: string[]
  /** 0-1, 1 for exact copies */
  similarity: number
}

/** Groups per insert: seven values each, within the 32,767 parameters PostgreSQL takes in one statement. */
const GROUPS_PER_INSERT = 2_000

/**
 * The site's duplicate groups as the scan being finalized found them, in place of the previous ones (the
 * groups are found among the site's pages as last scanned, so the whole set is rebuilt each time). The groups
 * go in a few thousand to a statement, and all their pages in one statement from two arrays: a statement per
 * group and its pages did not fit in the transaction's 5 s on a site of 20,000 pages sharing a title.
 */
export function replaceDuplicateGroups(
  db: DbClient,
  { siteId, scanId }: { siteId: string; scanId: string },
  groups: DuplicateGroupInput[],
) {
  const rows = groups.map((group) => ({
    id: randomUUID(),
    siteId,
    scanId,
    kind: group.kind,
    value: group.value,
    pageCount: group.pageIds.length,
    similarity: group.similarity,
  }))
  const members = groups.flatMap((group, index) => group.pageIds.map((pageId) => [rows[index]?.id, pageId]))
  return runInTransaction(
    db,
    async (tx) => {
      await tx.duplicateGroup.deleteMany({ where: { siteId } })
      for (let start = 0; start < rows.length; start += GROUPS_PER_INSERT)
        await tx.duplicateGroup.createMany({ data: rows.slice(start, start + GROUPS_PER_INSERT) })
      if (members.length > 0)
        await tx.$executeRaw`
          INSERT INTO "DuplicateGroupPage" ("groupId", "pageId")
          SELECT * FROM unnest(${members.map(([groupId]) => groupId)}::text[], ${members.map(([, pageId]) => pageId)}::text[])`
    },
    { timeoutMs: 60_000 },
  )
}

export interface DuplicateGroupFilter {
  siteId: string
  kind?: DuplicateKind
  /** groups with at least one page in the section */
  sectionId?: string
  search?: string
}

export interface DuplicateGroupRow {
  id: string
  kind: DuplicateKind
  value: string
  pageCount: number
  similarity: number
  createdAt: Date
}

export type DuplicateGroupSortKey = 'entryTitle' | 'kind' | 'totalCount' | 'similarity' | 'created'

const DUPLICATE_GROUP_SORTS: Record<DuplicateGroupSortKey, SortColumn> = {
  entryTitle: { expression: Prisma.sql`lower(g.value)`, type: 'text', notNull: true },
  kind: { expression: Prisma.sql`g.kind::text`, type: 'text', notNull: true },
  totalCount: { expression: Prisma.sql`g."pageCount"`, type: 'integer', notNull: true },
  similarity: { expression: Prisma.sql`g.similarity`, type: 'double precision', notNull: true },
  created: { expression: Prisma.sql`g."createdAt"`, type: 'timestamp(3)', notNull: true },
}

export function duplicateGroupSort(sortBy: DuplicateGroupSortKey, direction: SortDirection): SqlSort {
  return { ...DUPLICATE_GROUP_SORTS[sortBy], direction }
}

export function duplicateGroupList(filter: DuplicateGroupFilter): SqlList {
  const conditions = [Prisma.sql`g."siteId" = ${filter.siteId}`]
  if (filter.kind) conditions.push(Prisma.sql`g.kind = CAST(${filter.kind} AS "DuplicateKind")`)
  if (filter.sectionId) {
    conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM "DuplicateGroupPage" gp
      JOIN "SectionPage" sp ON sp."pageId" = gp."pageId"
      WHERE gp."groupId" = g.id AND sp."sectionId" = ${filter.sectionId})`)
  }
  if (filter.search) conditions.push(Prisma.sql`g.value ILIKE ${toContainsPattern(filter.search)}`)
  return {
    columns: Prisma.sql`g.id, g.kind::text AS kind, g.value, g."pageCount", g.similarity, g."createdAt"`,
    from: Prisma.sql`FROM "DuplicateGroup" g WHERE ${Prisma.join(conditions, ' AND ')}`,
    id: Prisma.sql`g.id`,
  }
}

/** One duplicate group of the site, or null (another site's group is "not found" here). */
export function findSiteDuplicateGroup(
  db: DbClient,
  { siteId, groupId }: { siteId: string; groupId: string },
) {
  return db.duplicateGroup.findFirst({
    where: { id: groupId, siteId },
    select: { id: true, kind: true, value: true, pageCount: true, similarity: true, createdAt: true },
  })
}

/** How many duplicate groups of each kind the site (or a section's pages) has. */
export async function countDuplicateGroupsByKind(
  db: DbClient,
  { siteId, sectionId }: { siteId: string; sectionId?: string },
): Promise<Record<DuplicateKind, number>> {
  const list = duplicateGroupList({ siteId, sectionId })
  const rows = await db.$queryRaw<{ kind: DuplicateKind; count: number }[]>`
    SELECT g.kind::text AS kind, count(*)::int AS count ${list.from} GROUP BY g.kind`
  const counts: Record<DuplicateKind, number> = { title: 0, description: 0, content: 0 }
  for (const row of rows) counts[row.kind] = row.count
  return counts
}

/** The pages of a duplicate group that fall in a section. */
export function countDuplicateGroupPagesInSection(
  db: DbClient,
  { groupId, sectionId }: { groupId: string; sectionId: string },
) {
  return db.duplicateGroupPage.count({ where: { groupId, page: { sections: { some: { sectionId } } } } })
}
