import { readFileSync } from 'node:fs'
import { type EnvInfo, FEATURE_FLAGS } from '@canopy/contracts'
import { findFeatureFlagValues, type PrismaClient } from '@canopy/db'
import type { Config } from '../config.js'

/** The API package's version: src/services and dist/services both sit two levels under it. */
const VERSION: string = (() => {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
    return typeof pkg.version === 'string' ? pkg.version : 'unknown'
  } catch {
    return 'unknown'
  }
})()

/** What a non-production host runs: build, addresses, flags. No secret, password or URL with credentials. */
export async function describeEnvironment(prisma: PrismaClient, config: Config): Promise<EnvInfo> {
  const { global } = await findFeatureFlagValues(prisma, null)
  return {
    environment: config.environment,
    version: VERSION,
    commit: config.gitCommit,
    apiBaseUrl: `${config.publicUrl}/api/v1`,
    nodeVersion: process.version,
    queuePrefix: config.queuePrefix,
    // every flag, a flag never switched being off everywhere
    featureFlags: FEATURE_FLAGS.map(({ name, description }) => ({
      name,
      description,
      active: global.get(name) ?? false,
    })),
  }
}
