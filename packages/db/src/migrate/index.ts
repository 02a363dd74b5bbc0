export {
  type MigrateDatabaseOptions,
  type MigrateDatabaseResult,
  MigrationHistoryError,
  migrateDatabase,
  PRISMA_MIGRATE_ADVISORY_LOCK_KEY,
} from './apply-migrations.js'
export {
  type CreateMigrationOptions,
  type CreateMigrationResult,
  createMigration,
  HAND_WRITTEN_MARKER,
} from './create-migration.js'
export { checksumMigration, type MigrationFile, readMigrationFiles } from './migration-files.js'
