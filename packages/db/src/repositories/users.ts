import type { DbClient } from './db-client.js'

/** E-mail addresses are stored lower-cased so that sign-in and registration ignore case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase()
}

export function findUserById(db: DbClient, id: string) {
  return db.user.findUnique({ where: { id } })
}

export function findUserByEmail(db: DbClient, email: string) {
  return db.user.findUnique({ where: { email: normaliseEmail(email) } })
}

export interface CreateUserInput {
  email: string
  firstName: string
  lastName: string
  passwordHash: string | null
  emailVerifiedAt: Date | null
}

export function createUser(db: DbClient, input: CreateUserInput) {
  return db.user.create({ data: { ...input, email: normaliseEmail(input.email) } })
}

export function markUserEmailVerified(db: DbClient, userId: string, verifiedAt: Date = new Date()) {
  return db.user.update({ where: { id: userId }, data: { emailVerifiedAt: verifiedAt } })
}

/** Sessions, tokens and memberships go with the user (cascades in the schema). */
export function deleteUser(db: DbClient, userId: string) {
  return db.user.delete({ where: { id: userId } })
}

export function updateUserPasswordHash(db: DbClient, userId: string, passwordHash: string) {
  return db.user.update({ where: { id: userId }, data: { passwordHash } })
}

/**
 * Sets a new password from a reset link. Opening the link proved the user owns the address, so an
 * unverified address becomes verified; an earlier verification keeps its date.
 */
export async function setUserPasswordFromReset(
  db: DbClient,
  userId: string,
  passwordHash: string,
  verifiedAt: Date = new Date(),
) {
  await db.user.updateMany({
    where: { id: userId, emailVerifiedAt: null },
    data: { emailVerifiedAt: verifiedAt },
  })
  return db.user.update({ where: { id: userId }, data: { passwordHash } })
}

/** An account past its expiry cannot sign in, and its sessions and API tokens stop working. */
export function isAccountExpired(user: { accountExpiry: Date | null }, now: Date = new Date()): boolean {
  return user.accountExpiry !== null && user.accountExpiry <= now
}
