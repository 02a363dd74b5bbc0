import { FEATURE_FLAGS, type FeatureFlagName } from '@canopy/contracts'
import type { DbClient } from './db-client.js'

/** What the database holds of the flags: the global values and, for a site, its overrides. */
export interface FeatureFlagValues {
  /** the global value of each flag switched at least once; a flag without a row is off */
  global: Map<string, boolean>
  /** the site's own values; empty without a site */
  overrides: Map<string, boolean>
}

/** The global values of every flag and the overrides of `siteId` (none when null), in two queries. */
export async function findFeatureFlagValues(db: DbClient, siteId: string | null): Promise<FeatureFlagValues> {
  const [flags, overrides] = await Promise.all([
    db.featureFlag.findMany({ select: { name: true, active: true } }),
    siteId
      ? db.siteFeatureFlag.findMany({ where: { siteId }, select: { name: true, active: true } })
      : Promise.resolve([]),
  ])
  return {
    global: new Map(flags.map((flag) => [flag.name, flag.active])),
    overrides: new Map(overrides.map((flag) => [flag.name, flag.active])),
  }
}

function descriptionOf(name: FeatureFlagName): string {
  return FEATURE_FLAGS.find((flag) => flag.name === name)?.description ?? name
}

/** Switches a flag on or off everywhere (the row is made when the flag was never switched). */
export function setGlobalFeatureFlag(db: DbClient, name: FeatureFlagName, active: boolean) {
  return db.featureFlag.upsert({
    where: { name },
    create: { name, description: descriptionOf(name), active },
    update: { active },
  })
}

/**
 * Sets the site's own value of a flag, or with null drops it so that the site follows the global value.
 * The global row is made (off) when the flag was never switched, since an override refers to it.
 */
export async function setSiteFeatureFlag(
  db: DbClient,
  { siteId, name, active }: { siteId: string; name: FeatureFlagName; active: boolean | null },
): Promise<void> {
  if (active === null) {
    await db.siteFeatureFlag.deleteMany({ where: { siteId, name } })
    return
  }
  await db.featureFlag.upsert({
    where: { name },
    create: { name, description: descriptionOf(name), active: false },
    update: {},
  })
  await db.siteFeatureFlag.upsert({
    where: { siteId_name: { siteId, name } },
    create: { siteId, name, active },
    update: { active },
  })
}
