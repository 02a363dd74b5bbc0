import {
  DEFAULT_DATABASE_URL,
  dropDatabase,
  randomDatabaseName,
  replaceDatabaseName,
} from './database-server.js'
import { type MigrateDatabaseOptions, migrateDatabase } from './migrate/apply-migrations.js'

export {
  createDatabase,
  databaseExists,
  dropDatabase,
  getDatabaseName,
  randomDatabaseName,
  replaceDatabaseName,
} from './database-server.js'

export interface TestDatabase {
  databaseUrl: string
  drop(): Promise<void>
}

/**
 * A fresh, migrated database `<prefix>_<random>` on the server of `serverUrl` (any database URL of
 * that server; only its host, port, user and options are used). Integration tests and scripts get
 * one each so that runs never see each other's rows.
 */
export async function createTestDatabase(
  serverUrl: string = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL,
  options: MigrateDatabaseOptions & { prefix?: string } = {},
): Promise<TestDatabase> {
  const databaseUrl = replaceDatabaseName(serverUrl, randomDatabaseName(options.prefix))
  try {
    await migrateDatabase(databaseUrl, options)
  } catch (error) {
    await dropDatabase(databaseUrl).catch(() => undefined)
    throw error
  }
  return { databaseUrl, drop: () => dropDatabase(databaseUrl) }
}
