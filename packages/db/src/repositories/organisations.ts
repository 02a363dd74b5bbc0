import { Prisma } from '../generated/prisma/client.js'
import { type DbClient, orderByIds, toContainsPattern } from './db-client.js'

/** Organisations the user administers: the ones they may create sites in. */
export function listAdministeredOrganisations(db: DbClient, userId: string) {
  return db.organisation.findMany({
    where: { members: { some: { userId, isAdministrator: true } } },
    select: { id: true, slug: true, name: true },
    orderBy: { name: 'asc' },
  })
}

/** Slugs already taken by `base` or `base-<n>`, to pick the next free one. */
export async function findOrganisationSlugsLike(db: DbClient, base: string): Promise<string[]> {
  const rows = await db.organisation.findMany({
    where: { slug: { startsWith: base } },
    select: { slug: true },
  })
  return rows.map((row) => row.slug)
}

export interface CreateOrganisationInput {
  slug: string
  name: string
  emailAddress: string | null
  /** false: an individual's account (the name is a person's); true by default */
  isBusinessOrOrganisation?: boolean
  /** the user who runs it: an administrator of the organisation from the start */
  ownerUserId: string
}

export function createOrganisationWithOwner(
  db: DbClient,
  { ownerUserId, ...organisation }: CreateOrganisationInput,
) {
  return db.organisation.create({
    data: { ...organisation, members: { create: { userId: ownerUserId, isAdministrator: true } } },
  })
}

export function deleteOrganisation(db: DbClient, organisationId: string) {
  return db.organisation.delete({ where: { id: organisationId } })
}

/** The organisation's account details and whether `userId` administers it; null when there is no such organisation. */
export function findOrganisationAccount(
  db: DbClient,
  { organisationId, userId }: { organisationId: string; userId: string },
) {
  return db.organisation.findUnique({
    where: { id: organisationId },
    select: {
      id: true,
      name: true,
      emailAddress: true,
      phoneNumber: true,
      isBusinessOrOrganisation: true,
      location: true,
      members: { where: { userId, isAdministrator: true }, select: { userId: true } },
    },
  })
}

export interface OrganisationAccountInput {
  name: string
  emailAddress: string | null
  phoneNumber: string | null
  isBusinessOrOrganisation: boolean
  location: {
    addressLine1: string
    addressLine2: string | null
    townOrCity: string
    county: string | null
    postcode: string
    country: string
  }
}

export function updateOrganisationAccount(
  db: DbClient,
  organisationId: string,
  account: OrganisationAccountInput,
) {
  return db.organisation.update({ where: { id: organisationId }, data: account })
}

export type OrganisationListSortKey = 'entryTitle' | 'subscription' | 'accountType' | 'created'

export interface ListOrganisationsInput {
  /** null: every organisation (staff); else those this user administers */
  administratorId: string | null
  search?: string
  sortBy: OrganisationListSortKey
  sortDir: 'asc' | 'desc'
  skip: number
  take: number
}

/** Names sort lower-cased: the database collation may be byte order ("C"). The slug breaks ties. */
const ORGANISATION_LIST_ORDER: Record<OrganisationListSortKey, Prisma.Sql> = {
  entryTitle: Prisma.sql`lower(o.name)`,
  subscription: Prisma.sql`o."subType"`,
  accountType: Prisma.sql`o."isBusinessOrOrganisation"`,
  created: Prisma.sql`o."createdAt"`,
}

function listedOrganisationsSql(administratorId: string | null, search: string | undefined): Prisma.Sql {
  const administered = administratorId
    ? Prisma.sql`EXISTS (
        SELECT 1 FROM "OrganisationMember" m
        WHERE m."organisationId" = o.id AND m."userId" = ${administratorId} AND m."isAdministrator"
      )`
    : Prisma.sql`TRUE`
  if (!search) return administered
  const pattern = toContainsPattern(search)
  return Prisma.sql`${administered} AND (o.name ILIKE ${pattern} OR o.slug ILIKE ${pattern})`
}

/** A page of organisations with their subscription's tier and status, and their total count. */
export async function listOrganisationsPage(db: DbClient, input: ListOrganisationsInput) {
  const { administratorId, search, sortBy, sortDir, skip, take } = input
  const where = listedOrganisationsSql(administratorId, search)
  const direction = sortDir === 'desc' ? Prisma.sql`DESC` : Prisma.sql`ASC`
  const [page, [count]] = await Promise.all([
    db.$queryRaw<{ id: string }[]>`
      SELECT o.id FROM "Organisation" o WHERE ${where}
      ORDER BY ${ORGANISATION_LIST_ORDER[sortBy]} ${direction}, lower(o.name) ASC, o.slug ASC
      LIMIT ${take} OFFSET ${skip}`,
    db.$queryRaw<{ count: number }[]>`SELECT count(*)::int AS count FROM "Organisation" o WHERE ${where}`,
  ])
  const ids = page.map((row) => row.id)
  const rows = await db.organisation.findMany({
    where: { id: { in: ids } },
    select: {
      id: true,
      slug: true,
      name: true,
      subType: true,
      isBusinessOrOrganisation: true,
      createdAt: true,
      subscription: { select: { scanLimit: true, status: true } },
    },
  })
  return { rows: orderByIds(rows, ids), totalCount: count?.count ?? 0 }
}

/**
 * The organisation named by its id or its slug, with its subscription, its sites (by name) and whether
 * `userId` is a member and an administrator of it; null when there is no such organisation.
 */
export function findOrganisationWithSiteLimits(
  db: DbClient,
  { idOrSlug, userId }: { idOrSlug: string; userId: string },
) {
  return db.organisation.findFirst({
    where: { OR: [{ id: idOrSlug }, { slug: idOrSlug }] },
    include: {
      subscription: true,
      sites: {
        select: { id: true, siteName: true, slug: true, rootUri: true, scanLimit: true },
        orderBy: [{ siteName: 'asc' }, { id: 'asc' }],
      },
      members: { where: { userId }, select: { isAdministrator: true } },
    },
  })
}

/** When each of the sites' first full scan completed (sites never fully scanned are left out), in one query. */
export async function findFirstCompletedScanDates(
  db: DbClient,
  siteIds: string[],
): Promise<Map<string, Date>> {
  if (siteIds.length === 0) return new Map()
  const rows = await db.scan.groupBy({
    by: ['siteId'],
    where: { siteId: { in: siteIds }, kind: 'site', state: 'completed' },
    _min: { finishedAt: true },
  })
  return new Map(
    rows.flatMap((row) => (row.siteId && row._min.finishedAt ? [[row.siteId, row._min.finishedAt]] : [])),
  )
}
