import type { DbClient } from './db-client.js'

/** A round trip to PostgreSQL; throws when the database does not answer. */
export async function pingDatabase(db: DbClient): Promise<void> {
  await db.$queryRaw`SELECT 1`
}
