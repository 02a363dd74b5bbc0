import '../load-env.js'
import { parseArgs } from 'node:util'
import { DEFAULT_DATABASE_URL, redactDatabaseUrl } from '../database-server.js'
import { migrateDatabase } from './apply-migrations.js'
import { createMigration } from './create-migration.js'

const USAGE = `Usage:
  pnpm db:migrate                               apply pending migrations to DATABASE_URL (creates the database)
  pnpm db:migration:create <name> [--empty]     write prisma/migrations/<timestamp>_<name>/migration.sql
                                                from the changes in prisma/schema.prisma; --empty writes a
                                                blank hand-written migration instead`

async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { empty: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
  })
  const [command, name] = positionals
  if (values.help || !command) {
    console.info(USAGE)
    process.exitCode = values.help ? 0 : 2
    return
  }
  const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL
  const log = (line: string) => console.info(line)

  switch (command) {
    case 'deploy': {
      log(`Migrating ${redactDatabaseUrl(databaseUrl)}`)
      await migrateDatabase(databaseUrl, { log })
      return
    }
    case 'create': {
      if (!name) throw new Error(`A migration needs a name.\n${USAGE}`)
      const verbose = process.env.CANOPY_SCHEMA_ENGINE_LOG === '1'
      const result = await createMigration({
        name,
        databaseUrl,
        empty: values.empty,
        log: (line) => {
          if (verbose || !line.startsWith('[schema-engine]')) log(line)
        },
      })
      if (result.migrationName === null) log('No changes in prisma/schema.prisma: nothing to do.')
      return
    }
    default:
      throw new Error(`Unknown command ${command}.\n${USAGE}`)
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
