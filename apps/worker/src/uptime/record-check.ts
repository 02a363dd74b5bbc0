import {
  closeUptimeIncident,
  type DbClient,
  findOpenUptimeIncident,
  hasLaterUptimeCheck,
  openUptimeIncident,
  runInTransaction,
  type UptimeCheckInput,
  upsertUptimeCheck,
} from '@canopy/db'

export type IncidentChange = 'opened' | 'closed' | 'unchanged'

/**
 * Stores a check and keeps the site's incidents in step with it: the first down check opens an incident
 * (its time is the start, its error the cause), the first up check after it closes it (its time is the
 * end). A check older than one already stored (a late retry) is kept but decides nothing.
 */
export function recordUptimeCheck(db: DbClient, check: UptimeCheckInput): Promise<IncidentChange> {
  return runInTransaction(db, async (tx) => {
    await upsertUptimeCheck(tx, check)
    if (await hasLaterUptimeCheck(tx, check.siteId, check.checkedAt)) return 'unchanged'
    const open = await findOpenUptimeIncident(tx, check.siteId)
    if (!check.up && !open) {
      await openUptimeIncident(tx, {
        siteId: check.siteId,
        startedAt: check.checkedAt,
        cause: check.error ?? 'Down',
      })
      return 'opened'
    }
    if (check.up && open) {
      await closeUptimeIncident(tx, open.id, check.checkedAt)
      return 'closed'
    }
    return 'unchanged'
  })
}
