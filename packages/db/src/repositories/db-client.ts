import type { Prisma, PrismaClient } from '../generated/prisma/client.js'

/** Repository functions take either the client or the client of an open transaction. */
export type DbClient = PrismaClient | Prisma.TransactionClient

/** Runs `work` in a transaction, or inside the caller's transaction when it already holds one. */
export function runInTransaction<T>(
  db: DbClient,
  work: (tx: Prisma.TransactionClient) => Promise<T>,
  options?: { timeoutMs: number },
): Promise<T> {
  if (!('$transaction' in db)) return work(db)
  return options
    ? db.$transaction(work, { timeout: options.timeoutMs, maxWait: 10_000 })
    : db.$transaction(work)
}

export type SortDirection = 'asc' | 'desc'

/** One page of a list: `skip`/`take` are what Prisma wants; the API turns its 1-based page into them. */
export interface PageWindow {
  skip: number
  take: number
}

/** A write hit a unique index (Prisma P2002): the caller turns it into a 409. */
export function isUniqueConstraintError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'P2002'
}

/** `%term%` for ILIKE, with the term's own wildcards taken literally. */
export function toContainsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
}

/** Puts rows fetched by id back into the order of `ids`. */
export function orderByIds<T extends { id: string }>(rows: T[], ids: string[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.flatMap((id) => {
    const row = byId.get(id)
    return row ? [row] : []
  })
}
