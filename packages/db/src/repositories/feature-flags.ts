import type { DbClient } from './db-client.js'

/** The global feature flags, by name. */
export function listFeatureFlags(db: DbClient) {
  return db.featureFlag.findMany({ orderBy: { name: 'asc' } })
}
