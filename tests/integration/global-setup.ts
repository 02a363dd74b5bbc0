import { randomBytes } from 'node:crypto'
import type { TestProject } from 'vitest/node'
import '../../packages/db/src/load-env.js'
import { createTestDatabase } from '../../packages/db/src/testing.js'

// The integration project's global setup (vitest.config.ts): one fresh, migrated database per run,
// made on the server of DATABASE_URL and dropped at the end, so tests never touch real data and
// runs never see each other's rows.
const DEFAULT_SERVER_URL = 'postgresql://postgres@127.0.0.1:5432/postgres'

declare module 'vitest' {
  export interface ProvidedContext {
    /** the run's database, migrated to the committed migrations */
    databaseUrl: string
    /** a Redis key prefix no other run uses; setup-env.ts extends it per test file */
    queuePrefix: string
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const testDatabase = await createTestDatabase(process.env.DATABASE_URL ?? DEFAULT_SERVER_URL)
  project.provide('databaseUrl', testDatabase.databaseUrl)
  project.provide('queuePrefix', `canopy_it_${randomBytes(4).toString('hex')}`)
  return async () => {
    await testDatabase.drop()
  }
}
