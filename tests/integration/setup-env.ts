import { randomBytes } from 'node:crypto'
import { inject } from 'vitest'
// Brings in the ProvidedContext keys that global-setup.ts declares and provides.
import type {} from './global-setup.js'

// Runs in the test worker before each integration test file: the app code under test reads its
// configuration from the environment, so point it at its worker's database and a queue prefix of its own.
const databaseUrls = inject('databaseUrls')
const worker = Number(process.env.VITEST_POOL_ID ?? '1')
process.env.DATABASE_URL = databaseUrls[(worker - 1) % databaseUrls.length]
process.env.REDIS_URL ??= 'redis://127.0.0.1:6379'
// Secrets stored by the tests are sealed with a key of the run's own.
process.env.CANOPY_SECRETS_KEY ||= randomBytes(32).toString('base64')
process.env.CANOPY_QUEUE_PREFIX = `${inject('queuePrefix')}_${randomBytes(3).toString('hex')}`
// Test files share the run's database but not a queue prefix: a worker's sweeper would take every other file's
// unfinished scans for lost and run them. Tests that want it (the fault tests' workers) turn it on.
process.env.SCAN_SWEEP_INTERVAL_MS ??= '0'
