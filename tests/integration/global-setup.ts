import { randomBytes } from 'node:crypto'
import type { TestProject } from 'vitest/node'
import '../../packages/db/src/load-env.js'
import { createTestDatabase, type TestDatabase } from '../../packages/db/src/testing.js'

// The global setup of the projects on real services (vitest.config.ts): fresh, migrated databases for the
// run, one per test worker, made on the server of DATABASE_URL and dropped at the end. Tests never touch
// real data, runs never see each other's rows, and files running side by side never see each other's rows.
const DEFAULT_SERVER_URL = 'postgresql://postgres@127.0.0.1:5432/postgres'

declare module 'vitest' {
  export interface ProvidedContext {
    /** the run's databases, migrated to the committed migrations: worker N (VITEST_POOL_ID) uses entry N-1 */
    databaseUrls: string[]
    /** a Redis key prefix no other run uses; setup-env.ts extends it per test file */
    queuePrefix: string
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL ?? DEFAULT_SERVER_URL
  const workers = project.config.fileParallelism ? Math.max(1, project.config.maxWorkers) : 1
  const databases: TestDatabase[] = []
  const drop = () => Promise.all(databases.map((database) => database.drop()))
  try {
    // One after the other: migrations side by side would only contend for the same cores.
    for (let worker = 0; worker < workers; worker++) databases.push(await createTestDatabase(serverUrl))
  } catch (error) {
    await drop()
    throw error
  }
  project.provide(
    'databaseUrls',
    databases.map((database) => database.databaseUrl),
  )
  project.provide('queuePrefix', `canopy_it_${randomBytes(4).toString('hex')}`)
  return async () => {
    await drop()
  }
}
