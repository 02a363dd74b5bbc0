import {
  Prisma,
  type SectionMatchType,
  type SectionOperator,
  type SectionSource,
} from '../generated/prisma/client.js'
import {
  type DbClient,
  orderByIds,
  type PageWindow,
  runInTransaction,
  type SortDirection,
  toContainsPattern,
} from './db-client.js'

export type SectionListSortKey = 'title' | 'pagesInSection' | 'overallScore'

/** Titles compare lower-cased (the collation may be byte order); unscored sections go last either way. */
const SECTION_ORDER: Record<SectionListSortKey, (direction: Prisma.Sql) => Prisma.Sql> = {
  title: (direction) => Prisma.sql`lower(title) ${direction}`,
  pagesInSection: (direction) => Prisma.sql`"pagesInSection" ${direction}`,
  overallScore: (direction) => Prisma.sql`"overallScore" ${direction} NULLS LAST`,
}

const sectionInclude = {
  conditions: { orderBy: { position: 'asc' } },
} satisfies Prisma.SectionInclude

export type SectionRow = Prisma.SectionGetPayload<{ include: typeof sectionInclude }>

export interface ListSectionsInput extends PageWindow {
  siteId: string
  search?: string
  sortBy: SectionListSortKey
  sortDir: SortDirection
}

export async function listSections(
  db: DbClient,
  { siteId, search, sortBy, sortDir, skip, take }: ListSectionsInput,
): Promise<{ rows: SectionRow[]; totalCount: number }> {
  const where = search
    ? Prisma.sql`"siteId" = ${siteId} AND title ILIKE ${toContainsPattern(search)}`
    : Prisma.sql`"siteId" = ${siteId}`
  const direction = sortDir === 'desc' ? Prisma.sql`DESC` : Prisma.sql`ASC`
  const [page, [count]] = await Promise.all([
    db.$queryRaw<{ id: string }[]>`
      SELECT id FROM "Section" WHERE ${where}
      ORDER BY ${SECTION_ORDER[sortBy](direction)}, id ASC
      LIMIT ${take} OFFSET ${skip}`,
    db.$queryRaw<{ count: number }[]>`SELECT count(*)::int AS count FROM "Section" WHERE ${where}`,
  ])
  const ids = page.map((row) => row.id)
  const rows = await db.section.findMany({ where: { id: { in: ids } }, include: sectionInclude })
  return { rows: orderByIds(rows, ids), totalCount: count?.count ?? 0 }
}

/** Scoped by site: a section id of another site is not found. */
export function findSection(db: DbClient, { siteId, sectionId }: { siteId: string; sectionId: string }) {
  return db.section.findFirst({ where: { id: sectionId, siteId }, include: sectionInclude })
}

export function findSectionBySlug(db: DbClient, { siteId, slug }: { siteId: string; slug: string }) {
  return db.section.findUnique({ where: { siteId_slug: { siteId, slug } }, select: { id: true } })
}

export interface SectionConditionInput {
  matchType: SectionMatchType
  source: SectionSource
  operator: SectionOperator
  name: string | null
  value: string
}

export interface SectionWriteInput {
  slug: string
  title: string
  description: string | null
  /** kept in this order: position is the index */
  conditions: SectionConditionInput[]
}

function conditionRows(conditions: SectionConditionInput[]) {
  return conditions.map((condition, position) => ({ ...condition, position }))
}

export function createSection(db: DbClient, { siteId, ...section }: SectionWriteInput & { siteId: string }) {
  return db.section.create({
    data: { siteId, ...section, conditions: { create: conditionRows(section.conditions) } },
    include: sectionInclude,
  })
}

/** Replaces the conditions as a whole: the editor always sends the full ordered list. */
export function updateSection(
  db: DbClient,
  { siteId, sectionId, ...section }: SectionWriteInput & { siteId: string; sectionId: string },
): Promise<SectionRow | null> {
  return runInTransaction(db, async (tx) => {
    const { count } = await tx.section.updateMany({
      where: { id: sectionId, siteId },
      data: { slug: section.slug, title: section.title, description: section.description },
    })
    if (count === 0) return null
    await tx.sectionCondition.deleteMany({ where: { sectionId } })
    await tx.sectionCondition.createMany({
      data: conditionRows(section.conditions).map((row) => ({ ...row, sectionId })),
    })
    return tx.section.findUnique({ where: { id: sectionId }, include: sectionInclude })
  })
}

export async function deleteSection(
  db: DbClient,
  { siteId, sectionId }: { siteId: string; sectionId: string },
) {
  const { count } = await db.section.deleteMany({ where: { id: sectionId, siteId } })
  return count === 1
}
