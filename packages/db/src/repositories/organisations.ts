import type { DbClient } from './db-client.js'

/** Organisations the user administers: the ones they may create sites in. */
export function listAdministeredOrganisations(db: DbClient, userId: string) {
  return db.organisation.findMany({
    where: { members: { some: { userId, isAdministrator: true } } },
    select: { id: true, slug: true, name: true },
    orderBy: { name: 'asc' },
  })
}
