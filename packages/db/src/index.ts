export * from './artifacts.js'
export * from './client.js'
export { DEFAULT_DATABASE_URL, redactDatabaseUrl } from './database-server.js'
export * from './generated/prisma/client.js'
export {
  type MigrateDatabaseOptions,
  type MigrateDatabaseResult,
  MigrationHistoryError,
  migrateDatabase,
} from './migrate/apply-migrations.js'
export { hashPassword, PASSWORD_HASH_OPTIONS, passwordNeedsRehash, verifyPassword } from './passwords.js'
export * from './repositories/index.js'
export * from './secrets.js'
export * from './stored-secrets.js'
