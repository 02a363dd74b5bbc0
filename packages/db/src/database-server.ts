import { randomBytes } from 'node:crypto'
import pg from 'pg'

export const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/canopy'

// PostgreSQL error codes we handle rather than report.
const DUPLICATE_DATABASE = '42P04'
const INVALID_CATALOG_NAME = '3D000'
const UNIQUE_VIOLATION = '23505'

/** The database named in a PostgreSQL connection URL. */
export function getDatabaseName(databaseUrl: string): string {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ''))
  if (!name) throw new Error(`The database URL names no database: ${redactDatabaseUrl(databaseUrl)}`)
  return name
}

/** The same server, user and options, another database. */
export function replaceDatabaseName(databaseUrl: string, databaseName: string): string {
  const url = new URL(databaseUrl)
  url.pathname = `/${encodeURIComponent(databaseName)}`
  return url.toString()
}

/** The URL without its password, for logs and error messages. */
export function redactDatabaseUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl)
  if (url.password) url.password = '***'
  return url.toString()
}

/** A name that cannot collide with another run's: `<prefix>_<16 hex digits>`. */
export function randomDatabaseName(prefix = 'canopy_it'): string {
  return `${prefix}_${randomBytes(8).toString('hex')}`
}

/**
 * Runs `work` on a connection to the server's maintenance database: CREATE and DROP DATABASE
 * cannot run while connected to the database they act on, and the target may not exist yet.
 */
async function withMaintenanceConnection<T>(
  databaseUrl: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  let lastError: unknown
  // `postgres` exists on every stock server; `template1` is the fallback when it was dropped.
  for (const maintenanceDatabase of ['postgres', 'template1']) {
    const client = new pg.Client({ connectionString: replaceDatabaseName(databaseUrl, maintenanceDatabase) })
    try {
      await client.connect()
    } catch (error) {
      lastError = error
      await client.end().catch(() => undefined)
      if ((error as { code?: string }).code === INVALID_CATALOG_NAME) continue
      throw error
    }
    try {
      return await work(client)
    } finally {
      await client.end()
    }
  }
  throw lastError
}

export async function databaseExists(databaseUrl: string): Promise<boolean> {
  const name = getDatabaseName(databaseUrl)
  return withMaintenanceConnection(databaseUrl, async (client) => {
    const result = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    return (result.rowCount ?? 0) > 0
  })
}

/**
 * Creates the database named in the URL unless it exists. Returns whether it created it.
 * Two processes racing here are fine: the loser sees 42P04 and carries on.
 */
export async function createDatabase(databaseUrl: string): Promise<boolean> {
  const name = getDatabaseName(databaseUrl)
  return withMaintenanceConnection(databaseUrl, async (client) => {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if ((existing.rowCount ?? 0) > 0) return false
    try {
      await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`)
      return true
    } catch (error) {
      // Another process created it between our check and CREATE: 42P04, or 23505 when both
      // inserted into pg_database at the same moment.
      const code = (error as { code?: string }).code
      if (code === DUPLICATE_DATABASE || code === UNIQUE_VIOLATION) return false
      throw error
    }
  })
}

/**
 * Drops the database named in the URL if it exists. WITH (FORCE) (PostgreSQL 13+) ends the
 * connections still open on it, which pools closing asynchronously often leave behind.
 */
export async function dropDatabase(databaseUrl: string): Promise<void> {
  const name = getDatabaseName(databaseUrl)
  await withMaintenanceConnection(databaseUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`)
  })
}
