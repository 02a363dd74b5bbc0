import type { Prisma } from '../generated/prisma/client.js'
import type { DbClient } from './db-client.js'

/** One address a page passed through before it landed (as the worker's browser saw it). */
export interface RedirectHopRow {
  url: string
  status: number
  via: 'http' | 'meta-refresh' | 'script'
}

/**
 * Records that `url` of the site leads to `finalUrl` (an HTTP redirect, a meta refresh or a script moving
 * the page), as the site's Link row of `url`: the row page detail's "redirected from" reads
 * (findRedirectsTo). `lastScanId` names the scan that saw it, so that scan's link check, which sees a meta
 * refresh or a script move as a plain 200, keeps it (see keepsBrowserRedirect).
 */
export async function recordRedirect(
  db: DbClient,
  redirect: {
    siteId: string
    scanId: string
    url: string
    finalUrl: string
    isInternal: boolean
    /** the status of the answer the browser ended on */
    status: number | null
    chain: RedirectHopRow[]
  },
): Promise<void> {
  const data = {
    finalUrl: redirect.finalUrl,
    redirectChain: redirect.chain as unknown as Prisma.InputJsonValue,
    status: redirect.status,
    error: null,
    isBroken: false,
    isUnverified: false,
    checkedAt: new Date(),
    lastScanId: redirect.scanId,
  }
  await db.link.upsert({
    where: { siteId_url: { siteId: redirect.siteId, url: redirect.url } },
    create: { siteId: redirect.siteId, url: redirect.url, isInternal: redirect.isInternal, ...data },
    update: data,
  })
}

/**
 * Whether a link check that followed no HTTP redirect (its final URL is the link itself) must leave the
 * link's recorded redirect alone: the browser saw the address move on (meta refresh, script) in the same
 * scan, which a HEAD or GET without a browser cannot see.
 */
export function keepsBrowserRedirect(
  link: { url: string; finalUrl: string | null; lastScanId: string | null },
  check: { finalUrl: string | null },
  scanId: string,
): boolean {
  return (
    link.lastScanId === scanId &&
    link.finalUrl !== null &&
    link.finalUrl !== link.url &&
    (check.finalUrl === null || check.finalUrl === link.url)
  )
}
