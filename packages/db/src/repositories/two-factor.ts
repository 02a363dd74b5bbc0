import type { DbClient } from './db-client.js'

/**
 * Starts (or restarts) setting up an authenticator app: the sealed secret is kept, two-step verification
 * stays off until a code made from it is confirmed.
 */
export function setPendingTotpSecret(db: DbClient, userId: string, sealedSecret: string) {
  return db.user.update({
    where: { id: userId },
    data: { totpSecret: sealedSecret, totpEnabledAt: null, totpLastUsedStep: null },
  })
}

/** Replaces every recovery code of the user (used or not) with new ones, given as their hashes. */
export async function replaceRecoveryCodes(db: DbClient, userId: string, codeHashes: string[]) {
  await db.recoveryCode.deleteMany({ where: { userId } })
  await db.recoveryCode.createMany({ data: codeHashes.map((codeHash) => ({ userId, codeHash })) })
}

/**
 * Turns two-step verification on with the time step of the confirming code (which is then spent) and
 * the new recovery codes. Only a setup still pending is turned on, so two confirmations cannot both pass.
 */
export async function enableTotp(
  db: DbClient,
  { userId, step, codeHashes }: { userId: string; step: number; codeHashes: string[] },
  now: Date = new Date(),
): Promise<boolean> {
  const { count } = await db.user.updateMany({
    where: { id: userId, totpSecret: { not: null }, totpEnabledAt: null },
    data: { totpEnabledAt: now, totpLastUsedStep: step },
  })
  if (count !== 1) return false
  await replaceRecoveryCodes(db, userId, codeHashes)
  return true
}

/** Turns two-step verification off: the secret and every recovery code are deleted. */
export async function disableTotp(db: DbClient, userId: string) {
  await db.user.update({
    where: { id: userId },
    data: { totpSecret: null, totpEnabledAt: null, totpLastUsedStep: null },
  })
  await db.recoveryCode.deleteMany({ where: { userId } })
}

/**
 * Records that a code of `step` was accepted; false when a code of this step or a later one was accepted
 * already (a replayed or older code). One conditional update, so two requests with one code cannot both pass.
 */
export async function recordTotpStep(db: DbClient, userId: string, step: number): Promise<boolean> {
  const { count } = await db.user.updateMany({
    where: {
      id: userId,
      totpEnabledAt: { not: null },
      OR: [{ totpLastUsedStep: null }, { totpLastUsedStep: { lt: step } }],
    },
    data: { totpLastUsedStep: step },
  })
  return count === 1
}

/** Uses up one unused recovery code of the user; false when it is unknown or already used. */
export async function consumeRecoveryCode(
  db: DbClient,
  { userId, codeHash }: { userId: string; codeHash: string },
  now: Date = new Date(),
): Promise<boolean> {
  const { count } = await db.recoveryCode.updateMany({
    where: { userId, codeHash, usedAt: null },
    data: { usedAt: now },
  })
  return count === 1
}

export function countUnusedRecoveryCodes(db: DbClient, userId: string) {
  return db.recoveryCode.count({ where: { userId, usedAt: null } })
}

/** When the account stops working; null: it does not expire. */
export function setAccountExpiry(db: DbClient, userId: string, accountExpiry: Date | null) {
  return db.user.update({ where: { id: userId }, data: { accountExpiry } })
}
