import type { AccountTokenKind } from '../generated/prisma/client.js'
import type { DbClient } from './db-client.js'

export interface CreateAccountTokenInput {
  userId: string
  kind: AccountTokenKind
  /** sha256 of the token sent by e-mail */
  tokenHash: string
  expiresAt: Date
}

export function createAccountToken(db: DbClient, input: CreateAccountTokenInput) {
  return db.accountToken.create({ data: input })
}

export function findAccountTokenByHash(db: DbClient, tokenHash: string) {
  return db.accountToken.findUnique({ where: { tokenHash } })
}

/** Only an unused token is marked, so two clicks on one link cannot both consume it. */
export async function consumeAccountToken(db: DbClient, id: string, usedAt: Date = new Date()) {
  const { count } = await db.accountToken.updateMany({ where: { id, usedAt: null }, data: { usedAt } })
  return count === 1
}

/** Marks every unused token of one kind of a user used, so that older e-mailed links stop working. */
export function consumeUserAccountTokens(
  db: DbClient,
  { userId, kind }: { userId: string; kind: AccountTokenKind },
  usedAt: Date = new Date(),
) {
  return db.accountToken.updateMany({ where: { userId, kind, usedAt: null }, data: { usedAt } })
}
