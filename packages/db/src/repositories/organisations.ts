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
