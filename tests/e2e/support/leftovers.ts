import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { runSql } from './database'

// ioredis is a dependency of the API; load it from there (the tests package has no Redis client of its own).
const requireFromApi = createRequire(new URL('../../../apps/api/package.json', import.meta.url))
interface RedisClient {
  scan(
    cursor: string,
    match: 'MATCH',
    pattern: string,
    count: 'COUNT',
    size: number,
  ): Promise<[string, string[]]>
  quit(): Promise<unknown>
}
const Redis = requireFromApi('ioredis') as new (url: string) => RedisClient

/** The site's scans by id, read before it is deleted (their artefacts and jobs are named by them). */
export async function scanIdsOfSite(siteId: string): Promise<string[]> {
  const rows = await runSql<{ id: string }>('SELECT id FROM "Scan" WHERE "siteId" = $1', [siteId])
  return rows.map((row) => row.id)
}

/** Where the instance under test keeps a scan's artefacts (ARTIFACTS_DIR/scans/<scanId>). */
export function scanArtifactsPath(scanId: string): string {
  const root = process.env.ARTIFACTS_DIR
  if (!root) throw new Error('ARTIFACTS_DIR is not set: run this spec through ./scripts/test e2e')
  return path.join(root, 'scans', scanId)
}

/** Every table with a siteId column, with how many of its rows still name the site. */
async function rowsNamingSite(siteId: string): Promise<Record<string, number>> {
  const tables = await runSql<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND column_name = 'siteId'`,
  )
  const counts: Record<string, number> = {}
  for (const { table_name: table } of tables) {
    const [row] = await runSql<{ count: string }>(`SELECT count(*) FROM "${table}" WHERE "siteId" = $1`, [
      siteId,
    ])
    counts[table] = Number(row?.count ?? 0)
  }
  return counts
}

/** Redis keys of the instance's queues (its CANOPY_QUEUE_PREFIX) that name any of the ids: jobs, schedulers. */
async function queueKeysNaming(ids: string[]): Promise<string[]> {
  const url = process.env.REDIS_URL
  const prefix = process.env.CANOPY_QUEUE_PREFIX
  if (!url || !prefix)
    throw new Error('REDIS_URL and CANOPY_QUEUE_PREFIX are not set: run through ./scripts/test e2e')
  const redis = new Redis(url)
  const found: string[] = []
  try {
    let cursor = '0'
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000)
      found.push(...keys.filter((key) => ids.some((id) => key.includes(id))))
      cursor = next
    } while (cursor !== '0')
  } finally {
    await redis.quit()
  }
  return found
}

/**
 * What a deleted site left behind: rows naming it in any table, artefact folders of its scans, and queue
 * keys naming it or its scans. Empty lists and zero counts when nothing remains.
 */
export async function leftoversOfSite(siteId: string, scanIds: string[]) {
  const rows = Object.entries(await rowsNamingSite(siteId)).filter(([, count]) => count > 0)
  return {
    rows: Object.fromEntries(rows),
    artefacts: scanIds.map(scanArtifactsPath).filter((folder) => existsSync(folder)),
    queueKeys: await queueKeysNaming([siteId, ...scanIds]),
  }
}
