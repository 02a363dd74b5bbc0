import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

export const MIGRATION_FILE_NAME = 'migration.sql'
export const MIGRATION_LOCK_FILE_NAME = 'migration_lock.toml'

export interface MigrationFile {
  /** the directory name, `<YYYYMMDDHHMMSS>_<name>`; Prisma records it as migration_name */
  name: string
  sql: string
  /** sha256 of the file as hex, the checksum Prisma stores and compares */
  checksum: string
}

export function checksumMigration(sql: string): string {
  return createHash('sha256').update(sql, 'utf8').digest('hex')
}

/**
 * The committed migrations in the order Prisma applies them: directory names sorted as
 * strings, which the timestamp prefix makes chronological.
 */
export async function readMigrationFiles(migrationsDir: string): Promise<MigrationFile[]> {
  const entries = await readdir(migrationsDir, { withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return []
      throw error
    },
  )
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(join(migrationsDir, name, MIGRATION_FILE_NAME), 'utf8').catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') {
            throw new Error(`Migration ${name} has no ${MIGRATION_FILE_NAME} (in ${migrationsDir})`)
          }
          throw error
        },
      )
      return { name, sql, checksum: checksumMigration(sql) }
    }),
  )
}
