import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { Prisma } from '../src/generated/prisma/client.js'
import {
  checksumMigration,
  createMigration,
  MigrationHistoryError,
  migrateDatabase,
  readMigrationFiles,
} from '../src/migrate/index.js'
import { openSchemaEngine } from '../src/migrate/schema-engine.js'
import { MIGRATIONS_DIR } from '../src/paths.js'
import {
  createDatabase,
  createTestDatabase,
  dropDatabase,
  randomDatabaseName,
  replaceDatabaseName,
} from '../src/testing.js'

const runDatabaseUrl = process.env.DATABASE_URL as string

async function query<T extends pg.QueryResultRow>(databaseUrl: string, sql: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return (await client.query<T>(sql, values)).rows
  } finally {
    await client.end()
  }
}

interface HistoryRow {
  id: string
  checksum: string
  migration_name: string
  finished_at: Date | null
  logs: string | null
  rolled_back_at: Date | null
  applied_steps_count: number
}

const readHistory = (databaseUrl: string) =>
  query<HistoryRow>(databaseUrl, 'SELECT * FROM _prisma_migrations ORDER BY migration_name')

/** A copy of the committed migrations that a test may edit. */
async function copyMigrations(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'canopy-migrations-'))
  await cp(MIGRATIONS_DIR, dir, { recursive: true })
  return dir
}

const databasesToDrop: string[] = []
const dirsToRemove: string[] = []

/** A database name for this test on the run's server; dropped after the test. */
function scratchDatabaseUrl(): string {
  const url = replaceDatabaseName(runDatabaseUrl, randomDatabaseName('canopy_it_migrate'))
  databasesToDrop.push(url)
  return url
}

afterEach(async () => {
  for (const url of databasesToDrop.splice(0)) await dropDatabase(url)
  for (const dir of dirsToRemove.splice(0)) await rm(dir, { recursive: true, force: true })
})

describe('migrateDatabase', () => {
  it('creates a missing database and gives every model of the schema its table', async () => {
    const databaseUrl = scratchDatabaseUrl()
    const result = await migrateDatabase(databaseUrl)

    const committed = (await readMigrationFiles(MIGRATIONS_DIR)).map((m) => m.name)
    expect(result.databaseCreated).toBe(true)
    expect(result.applied).toEqual(committed)
    const tables = await query<{ table_name: string }>(
      databaseUrl,
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
    )
    const tableNames = tables.map((row) => row.table_name)
    expect(Object.values(Prisma.ModelName).length).toBeGreaterThan(30)
    for (const model of Object.values(Prisma.ModelName)) expect(tableNames).toContain(model)
  })

  it('records each migration the way Prisma does', async () => {
    const databaseUrl = scratchDatabaseUrl()
    await migrateDatabase(databaseUrl)
    const migrations = await readMigrationFiles(MIGRATIONS_DIR)
    const history = await readHistory(databaseUrl)

    expect(history.map((row) => row.migration_name)).toEqual(migrations.map((m) => m.name))
    for (const [i, row] of history.entries()) {
      const migration = migrations[i]
      expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
      expect(row.checksum).toBe(checksumMigration(migration?.sql ?? ''))
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/)
      expect(row.finished_at).toBeInstanceOf(Date)
      expect(row.logs).toBeNull()
      expect(row.rolled_back_at).toBeNull()
      expect(row.applied_steps_count).toBe(1)
    }
    const columns = await query<{ column_name: string; data_type: string }>(
      databaseUrl,
      "SELECT column_name, data_type FROM information_schema.columns WHERE table_name = '_prisma_migrations' ORDER BY ordinal_position",
    )
    expect(columns).toEqual([
      { column_name: 'id', data_type: 'character varying' },
      { column_name: 'checksum', data_type: 'character varying' },
      { column_name: 'finished_at', data_type: 'timestamp with time zone' },
      { column_name: 'migration_name', data_type: 'character varying' },
      { column_name: 'logs', data_type: 'text' },
      { column_name: 'rolled_back_at', data_type: 'timestamp with time zone' },
      { column_name: 'started_at', data_type: 'timestamp with time zone' },
      { column_name: 'applied_steps_count', data_type: 'integer' },
    ])
  })

  it('does nothing the second time', async () => {
    const databaseUrl = scratchDatabaseUrl()
    await migrateDatabase(databaseUrl)
    const before = await readHistory(databaseUrl)

    const again = await migrateDatabase(databaseUrl)

    expect(again).toEqual({
      databaseCreated: false,
      applied: [],
      alreadyApplied: before.map((r) => r.migration_name),
    })
    expect(await readHistory(databaseUrl)).toEqual(before)
  })

  it('refuses a database whose applied migration was edited afterwards', async () => {
    const databaseUrl = scratchDatabaseUrl()
    const migrationsDir = await copyMigrations()
    dirsToRemove.push(migrationsDir)
    const [first] = await readMigrationFiles(migrationsDir)
    if (!first) throw new Error('no committed migration')
    await migrateDatabase(databaseUrl, { migrationsDir })
    const before = await readHistory(databaseUrl)

    const file = join(migrationsDir, first.name, 'migration.sql')
    await writeFile(file, `${await readFile(file, 'utf8')}\nALTER TABLE "Site" ADD COLUMN "sneaky" TEXT;\n`)

    await expect(migrateDatabase(databaseUrl, { migrationsDir })).rejects.toThrow(MigrationHistoryError)
    await expect(migrateDatabase(databaseUrl, { migrationsDir })).rejects.toThrow(
      `Migration ${first.name} was changed after it was applied`,
    )
    expect(await readHistory(databaseUrl)).toEqual(before)
  })

  it('applies a new migration on top, and rolls a failing one back without recording it', async () => {
    const databaseUrl = scratchDatabaseUrl()
    const migrationsDir = await copyMigrations()
    dirsToRemove.push(migrationsDir)
    await migrateDatabase(databaseUrl, { migrationsDir })

    const good = '29991231000000_add_site_note'
    await writeMigration(migrationsDir, good, 'ALTER TABLE "Site" ADD COLUMN "note" TEXT;\n')
    expect((await migrateDatabase(databaseUrl, { migrationsDir })).applied).toEqual([good])

    const bad = '29991231000001_half_done'
    await writeMigration(
      migrationsDir,
      bad,
      'CREATE TABLE "Scratch" ("id" TEXT PRIMARY KEY);\nALTER TABLE "NoSuchTable" ADD COLUMN "x" TEXT;\n',
    )
    await expect(migrateDatabase(databaseUrl, { migrationsDir })).rejects.toThrow(
      `Migration ${bad} failed and was rolled back`,
    )
    const history = await readHistory(databaseUrl)
    expect(history.map((row) => row.migration_name)).not.toContain(bad)
    expect(await query(databaseUrl, 'SELECT to_regclass(\'"Scratch"\') AS t')).toEqual([{ t: null }])
  })

  it('lets two processes start at once and applies each migration exactly once', async () => {
    const databaseUrl = scratchDatabaseUrl()
    const results = await Promise.all([migrateDatabase(databaseUrl), migrateDatabase(databaseUrl)])

    const committed = (await readMigrationFiles(MIGRATIONS_DIR)).map((m) => m.name)
    expect(results.map((r) => r.applied.length).sort()).toEqual([0, committed.length])
    expect((await readHistory(databaseUrl)).map((row) => row.migration_name)).toEqual(committed)
  })

  it('refuses to lay migrations over tables it did not create', async () => {
    const databaseUrl = scratchDatabaseUrl()
    await migrateDatabase(databaseUrl, { migrationsDir: join(tmpdir(), 'canopy-no-migrations-here') })
    await query(databaseUrl, 'DROP TABLE _prisma_migrations')
    await query(databaseUrl, 'CREATE TABLE legacy (id int)')

    await expect(migrateDatabase(databaseUrl)).rejects.toThrow('has no _prisma_migrations table')
  })
})

async function writeMigration(migrationsDir: string, name: string, sql: string): Promise<void> {
  await mkdir(join(migrationsDir, name))
  await writeFile(join(migrationsDir, name, 'migration.sql'), sql)
}

describe("Prisma's own schema engine", () => {
  let migrated: { databaseUrl: string; drop(): Promise<void> }
  let schema: string

  beforeAll(async () => {
    migrated = await createTestDatabase(runDatabaseUrl, { prefix: 'canopy_it_prisma' })
    schema = await readFile(join(MIGRATIONS_DIR, '..', 'schema.prisma'), 'utf8')
  })
  afterAll(async () => {
    await migrated.drop()
  })

  async function migrationsList(migrationsDir = MIGRATIONS_DIR) {
    const migrations = await readMigrationFiles(migrationsDir)
    return {
      baseDir: migrationsDir,
      lockfile: {
        path: 'migration_lock.toml',
        content: await readFile(join(migrationsDir, 'migration_lock.toml'), 'utf8'),
      },
      shadowDbInitScript: '',
      migrationDirectories: migrations.map((m) => ({
        path: m.name,
        migrationFile: { path: 'migration.sql', content: { tag: 'ok' as const, value: m.sql } },
      })),
    }
  }

  it('sees our runner’s history as complete: nothing for `prisma migrate deploy` to apply', async () => {
    const session = await openSchemaEngine(migrated.databaseUrl, [['schema.prisma', schema]])
    try {
      const list = await migrationsList()
      const diagnosis = await session.run((engine) =>
        engine.diagnoseMigrationHistory({
          migrationsList: list,
          optInToShadowDatabase: false,
          filters: { externalTables: [], externalEnums: [] },
        }),
      )
      expect(diagnosis).toMatchObject({
        history: null,
        editedMigrationNames: [],
        failedMigrationNames: [],
        hasMigrationsTable: true,
      })
      const deploy = await session.run((engine) =>
        engine.applyMigrations({ migrationsList: list, filters: { externalTables: [], externalEnums: [] } }),
      )
      expect(deploy.appliedMigrationNames).toEqual([])
    } finally {
      await session.close()
    }
  })

  it('records the same checksums as our runner, which then finds nothing to do', async () => {
    const databaseUrl = scratchDatabaseUrl()
    await createDatabase(databaseUrl)
    const session = await openSchemaEngine(databaseUrl, [['schema.prisma', schema]])
    try {
      const list = await migrationsList()
      const deploy = await session.run((engine) =>
        engine.applyMigrations({ migrationsList: list, filters: { externalTables: [], externalEnums: [] } }),
      )
      expect(deploy.appliedMigrationNames).toEqual(list.migrationDirectories.map((d) => d.path))
    } finally {
      await session.close()
    }
    const byPrisma = await readHistory(databaseUrl)
    const byUs = await readHistory(migrated.databaseUrl)
    expect(byPrisma.map((r) => [r.migration_name, r.checksum])).toEqual(
      byUs.map((r) => [r.migration_name, r.checksum]),
    )
    expect((await migrateDatabase(databaseUrl)).applied).toEqual([])
  })

  it('writes no migration for the committed schema, keeping the hand-written indexes it would drop', async () => {
    const migrationsDir = await copyMigrations()
    dirsToRemove.push(migrationsDir)

    const result = await createMigration({ name: 'nothing', databaseUrl: runDatabaseUrl, migrationsDir })

    expect(result).toMatchObject({ migrationName: null, path: null, sql: null })
    expect(result.keptIndexes.sort()).toEqual([
      'Contact_value_trgm_idx',
      'Document_title_trgm_idx',
      'Document_url_trgm_idx',
      'Link_url_trgm_idx',
      'Page_siteId_title_trgm_idx',
      'Page_siteId_url_trgm_idx',
      'Page_title_trgm_idx',
      'Page_url_trgm_idx',
      'Section_siteId_title_trgm_idx',
      'Site_siteName_trgm_idx',
      'User_email_trgm_idx',
      'User_firstName_trgm_idx',
      'User_lastName_trgm_idx',
    ])
    expect((await readMigrationFiles(migrationsDir)).length).toBe(
      (await readMigrationFiles(MIGRATIONS_DIR)).length,
    )
  })

  it('writes the SQL for a schema change, which then applies on top of the existing migrations', async () => {
    const migrationsDir = await copyMigrations()
    dirsToRemove.push(migrationsDir)
    const schemaPath = join(migrationsDir, 'changed.prisma')
    await writeFile(
      schemaPath,
      schema.replace(
        '  respectRobots           Boolean    @default(true)\n',
        '  respectRobots           Boolean    @default(true)\n  crawlDelayMs Int @default(0)\n',
      ),
    )

    const result = await createMigration({
      name: 'Add crawl delay!',
      databaseUrl: runDatabaseUrl,
      migrationsDir,
      schemaPath,
      now: new Date('2999-01-02T03:04:05Z'),
    })

    expect(result.migrationName).toBe('29990102030405_add_crawl_delay')
    expect(result.sql).toBe(
      '-- AlterTable\nALTER TABLE "Site" ADD COLUMN     "crawlDelayMs" INTEGER NOT NULL DEFAULT 0;\n',
    )
    expect(
      await readFile(join(migrationsDir, '29990102030405_add_crawl_delay', 'migration.sql'), 'utf8'),
    ).toBe(result.sql)
    const databaseUrl = scratchDatabaseUrl()
    await migrateDatabase(databaseUrl, { migrationsDir })
    expect(await query(databaseUrl, 'SELECT "crawlDelayMs" FROM "Site"')).toEqual([])
  })
})
