import {
  FEATURE_FLAG_MESSAGES,
  FEATURE_FLAGS,
  type FeatureFlag,
  type FeatureFlagName,
  resolveFeatureFlag,
} from '@canopy/contracts'
import {
  type FeatureFlagValues,
  type PrismaClient,
  recordAuditEvent,
  runInTransaction,
  setGlobalFeatureFlag,
  setSiteFeatureFlag,
} from '@canopy/db'
import { notFound } from '../http-errors.js'

/** One flag as it applies to the caller, from the stored values (a flag never switched is off). */
export function presentFeatureFlag(
  values: FeatureFlagValues,
  { name, description }: { name: FeatureFlagName; description: string },
  { isStaff }: { isStaff: boolean },
): FeatureFlag {
  const global = values.global.get(name) ?? false
  const override = values.overrides.get(name) ?? null
  return { name, description, global, override, active: resolveFeatureFlag({ isStaff, global, override }) }
}

/** Every flag as it applies to the caller, in the product's order. */
export function presentFeatureFlags(values: FeatureFlagValues, viewer: { isStaff: boolean }): FeatureFlag[] {
  return FEATURE_FLAGS.map((flag) => presentFeatureFlag(values, flag, viewer))
}

type KnownFlag = (typeof FEATURE_FLAGS)[number]

/** The flag a path names; an unknown name is a 404, like any other missing record. */
export function requireFeatureFlag(name: string): KnownFlag {
  const flag = FEATURE_FLAGS.find((known) => known.name === name)
  if (!flag) throw notFound(FEATURE_FLAG_MESSAGES.unknown)
  return flag
}

interface Change {
  actorId: string
  ip: string
  name: string
}

/** Staff switch a flag everywhere; the change is audited with the flag and its new value. */
export async function changeGlobalFeatureFlag(
  prisma: PrismaClient,
  { actorId, ip, name, active }: Change & { active: boolean },
): Promise<KnownFlag> {
  const flag = requireFeatureFlag(name)
  await runInTransaction(prisma, async (tx) => {
    await setGlobalFeatureFlag(tx, flag.name, active)
    await recordAuditEvent(tx, {
      actorId,
      action: 'feature-flag.global',
      targetId: null,
      ip,
      detail: { name: flag.name, active },
    })
  })
  return flag
}

/** Staff set a site's own value of a flag, or clear it with null; audited with the site as the target. */
export async function changeSiteFeatureFlag(
  prisma: PrismaClient,
  { actorId, ip, name, active, siteId }: Change & { active: boolean | null; siteId: string },
): Promise<KnownFlag> {
  const flag = requireFeatureFlag(name)
  await runInTransaction(prisma, async (tx) => {
    await setSiteFeatureFlag(tx, { siteId, name: flag.name, active })
    await recordAuditEvent(tx, {
      actorId,
      action: 'feature-flag.site',
      targetId: siteId,
      ip,
      detail: { name: flag.name, active },
    })
  })
  return flag
}
