import type { DbClient } from './db-client.js'

/**
 * Every user whose e-mail address or name contains `term` (case ignored), for staff looking for someone to
 * act as; staff accounts come with isStaff so the screen can say they cannot be chosen.
 */
export function searchAllUsers(db: DbClient, { term, take = 20 }: { term: string; take?: number }) {
  const contains = { contains: term, mode: 'insensitive' as const }
  return db.user.findMany({
    where: term ? { OR: [{ email: contains }, { firstName: contains }, { lastName: contains }] } : {},
    select: { id: true, email: true, firstName: true, lastName: true, isStaff: true },
    orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
    take,
  })
}
