import { randomUUID } from 'node:crypto'
import pg from 'pg'
import {
  createDatabase,
  DEFAULT_DATABASE_URL,
  getDatabaseName,
  redactDatabaseUrl,
} from '../database-server.js'
import { MIGRATIONS_DIR } from '../paths.js'
import { type MigrationFile, readMigrationFiles } from './migration-files.js'

/**
 * The key Prisma's schema engine locks before it migrates. Taking the same one means this runner,
 * a second copy of it and an online `prisma migrate deploy` never migrate the same database at once.
 */
export const PRISMA_MIGRATE_ADVISORY_LOCK_KEY = 72707369

/** Prisma's own DDL for its history table (schema engine, PostgreSQL connector), kept verbatim. */
const CREATE_MIGRATIONS_TABLE = `CREATE TABLE _prisma_migrations (
    id                      VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum                VARCHAR(64) NOT NULL,
    finished_at             TIMESTAMPTZ,
    migration_name          VARCHAR(255) NOT NULL,
    logs                    TEXT,
    rolled_back_at          TIMESTAMPTZ,
    started_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    applied_steps_count     INTEGER NOT NULL DEFAULT 0
);`

export interface MigrateDatabaseOptions {
  /** defaults to the repository's prisma/migrations */
  migrationsDir?: string
  /** progress lines; silent by default */
  log?: (line: string) => void
}

export interface MigrateDatabaseResult {
  databaseCreated: boolean
  /** migrations applied by this call, in order */
  applied: string[]
  /** migrations that were applied before this call */
  alreadyApplied: string[]
}

interface HistoryRow {
  migration_name: string
  checksum: string
  finished_at: Date | null
  rolled_back_at: Date | null
}

export class MigrationHistoryError extends Error {
  override name = 'MigrationHistoryError'
}

/**
 * Brings the database up to the committed migrations, offline: creates the database when missing,
 * then applies each pending prisma/migrations/<name>/migration.sql in its own transaction and
 * records it in _prisma_migrations the way `prisma migrate deploy` does, so Prisma's CLI sees the
 * same history.
 */
export async function migrateDatabase(
  databaseUrl: string = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL,
  options: MigrateDatabaseOptions = {},
): Promise<MigrateDatabaseResult> {
  const log = options.log ?? (() => undefined)
  const migrations = await readMigrationFiles(options.migrationsDir ?? MIGRATIONS_DIR)

  const databaseCreated = await createDatabase(databaseUrl)
  if (databaseCreated) log(`Created database ${getDatabaseName(databaseUrl)}`)

  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    // A session lock: held across the per-migration transactions, released by unlock or disconnect.
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_MIGRATE_ADVISORY_LOCK_KEY])
    try {
      const history = await readHistory(client)
      const pending = checkHistory(migrations, history)
      const alreadyApplied = migrations.filter((m) => !pending.includes(m)).map((m) => m.name)
      const applied: string[] = []
      for (const migration of pending) {
        log(`Applying migration ${migration.name}`)
        await applyMigration(client, migration)
        applied.push(migration.name)
      }
      log(
        applied.length === 0
          ? `No pending migrations (${alreadyApplied.length} applied) on ${redactDatabaseUrl(databaseUrl)}`
          : `Applied ${applied.length} migration(s) on ${redactDatabaseUrl(databaseUrl)}`,
      )
      return { databaseCreated, applied, alreadyApplied }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_MIGRATE_ADVISORY_LOCK_KEY])
    }
  } finally {
    await client.end()
  }
}

async function readHistory(client: pg.Client): Promise<HistoryRow[]> {
  const table = await client.query<{ exists: boolean }>(
    "SELECT to_regclass('_prisma_migrations') IS NOT NULL AS exists",
  )
  if (table.rows[0]?.exists) {
    const rows = await client.query<HistoryRow>(
      'SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY started_at ASC',
    )
    return rows.rows
  }
  // Like Prisma (P3005): never lay migrations over tables that some other tool created.
  const tables = await client.query<{ count: number }>(
    "SELECT count(*)::int AS count FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
  )
  if ((tables.rows[0]?.count ?? 0) > 0) {
    throw new MigrationHistoryError(
      'The database is not empty and has no _prisma_migrations table: it was not created by these migrations. ' +
        'Migrate an empty database, or baseline this one (see prisma/README.md).',
    )
  }
  await client.query(CREATE_MIGRATIONS_TABLE)
  return []
}

/** Returns the migrations still to apply, or throws when the history cannot be trusted. */
function checkHistory(migrations: MigrationFile[], history: HistoryRow[]): MigrationFile[] {
  // Rows rolled back (`prisma migrate resolve --rolled-back`) are kept only as an audit trail.
  const live = history.filter((row) => row.rolled_back_at === null)
  const failed = live.filter((row) => row.finished_at === null)
  if (failed.length > 0) {
    throw new MigrationHistoryError(
      `Migration ${failed.map((row) => row.migration_name).join(', ')} failed earlier and was never resolved. ` +
        'Fix the database by hand, then mark it with `prisma migrate resolve --applied|--rolled-back <name>`.',
    )
  }
  const appliedChecksums = new Map(live.map((row) => [row.migration_name, row.checksum]))
  const edited = migrations.filter((m) => {
    const checksum = appliedChecksums.get(m.name)
    return checksum !== undefined && checksum !== m.checksum
  })
  if (edited.length > 0) {
    throw new MigrationHistoryError(
      `Migration ${edited.map((m) => m.name).join(', ')} was changed after it was applied ` +
        '(its checksum differs from _prisma_migrations). Restore the committed file and put the change in a new migration.',
    )
  }
  return migrations.filter((m) => !appliedChecksums.has(m.name))
}

// Prisma writes BEGIN/COMMIT into some migrations itself (e.g. when it recreates an enum).
const EXPLICIT_TRANSACTION = /^\s*(BEGIN|COMMIT|START\s+TRANSACTION)\b/im

const INSERT_HISTORY_ROW = `INSERT INTO _prisma_migrations
  (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count)
  VALUES ($1, $2, $3, $4, NULL, NULL, now(), $5)`

async function applyMigration(client: pg.Client, migration: MigrationFile): Promise<void> {
  if (EXPLICIT_TRANSACTION.test(migration.sql)) {
    await applyMigrationWithItsOwnTransactions(client, migration)
    return
  }
  await client.query('BEGIN')
  try {
    // One simple-protocol query runs the whole script, as Prisma sends it.
    await client.query(migration.sql)
    await client.query(INSERT_HISTORY_ROW, [randomUUID(), migration.checksum, new Date(), migration.name, 1])
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK')
    throw new Error(`Migration ${migration.name} failed and was rolled back: ${(error as Error).message}`, {
      cause: error,
    })
  }
}

/**
 * A script that commits by itself cannot be wrapped: run it as Prisma does, with the history row
 * written first and finished afterwards, so a failure stays visible as a failed migration.
 */
async function applyMigrationWithItsOwnTransactions(client: pg.Client, migration: MigrationFile) {
  const id = randomUUID()
  await client.query(INSERT_HISTORY_ROW, [id, migration.checksum, null, migration.name, 0])
  try {
    await client.query(migration.sql)
  } catch (error) {
    const message = (error as Error).message
    await client.query('ROLLBACK').catch(() => undefined)
    await client.query('UPDATE _prisma_migrations SET logs = $2 WHERE id = $1', [id, message])
    throw new Error(`Migration ${migration.name} failed: ${message}`, { cause: error })
  }
  await client.query(
    'UPDATE _prisma_migrations SET finished_at = now(), applied_steps_count = 1 WHERE id = $1',
    [id],
  )
}
