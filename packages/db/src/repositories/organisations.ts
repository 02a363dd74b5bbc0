import type { DbClient } from './db-client.js'

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
