import type { UptimeCheckPayload } from '@canopy/contracts'
import { findUptimeTarget } from '@canopy/db'
import { probeRoot, recordUptimeCheck } from '../uptime/index.js'
import type { JobContext } from './define-job.js'
import { getScanRuntime } from './scan-runtime.js'

/**
 * Requests the site's root through the network guard and stores the result as the check of its slot,
 * opening or closing the site's incident. Idempotent: a retry overwrites the slot's check.
 */
export async function checkSiteUptime({ siteId, slot }: UptimeCheckPayload, { prisma, logger }: JobContext) {
  const { config, guard } = getScanRuntime()
  const site = await findUptimeTarget(prisma, siteId)
  if (!site) return { skipped: 'site gone' }
  const probe = await probeRoot(guard, site.rootUri, {
    timeoutMs: config.uptimeCheckTimeoutMs,
    // The site's own user agent if it names one: a site may answer its own bot differently.
    userAgent: site.userAgent || config.userAgent,
  })
  const incident = await recordUptimeCheck(prisma, { siteId, checkedAt: new Date(slot), ...probe })
  if (incident !== 'unchanged') logger.info({ siteId, incident, error: probe.error }, 'uptime incident')
  return { ...probe, incident }
}
