import { Prisma } from '../generated/prisma/client.js'
import type { DbClient, SortDirection } from './db-client.js'
import { toContainsPattern } from './db-client.js'
import type { SortColumn, SqlList, SqlSort } from './keyset-list.js'

/** The site's web-risk integration: whether it is on, and its secrets (the API key). */
export function findWebRiskIntegration(db: DbClient, siteId: string) {
  return db.integration.findUnique({
    where: { siteId_kind: { siteId, kind: 'web_risk' } },
    select: { enabled: true, config: true, secrets: true },
  })
}

export function saveWebRiskIntegration(
  db: DbClient,
  siteId: string,
  settings: { enabled: boolean; secrets: Prisma.InputJsonValue },
) {
  return db.integration.upsert({
    where: { siteId_kind: { siteId, kind: 'web_risk' } },
    create: { siteId, kind: 'web_risk', enabled: settings.enabled, secrets: settings.secrets },
    update: { enabled: settings.enabled, secrets: settings.secrets },
  })
}

/** Matches still within the expiry the API gave them, by URL. */
export async function findCurrentWebRiskVerdicts(db: DbClient, urls: string[], now: Date) {
  if (!urls.length) return new Map<string, string[]>()
  const rows = await db.webRiskVerdict.findMany({
    where: { url: { in: urls }, expiresAt: { gt: now } },
    select: { url: true, threatTypes: true },
  })
  return new Map(rows.map((row) => [row.url, row.threatTypes]))
}

export async function storeWebRiskVerdicts(
  db: DbClient,
  verdicts: { url: string; threatTypes: string[]; expiresAt: Date }[],
) {
  for (const verdict of verdicts) {
    await db.webRiskVerdict.upsert({
      where: { url: verdict.url },
      create: verdict,
      update: { threatTypes: verdict.threatTypes, expiresAt: verdict.expiresAt, checkedAt: new Date() },
    })
  }
}

/** Expired matches are of no use: removed with each scan's check. */
export function deleteExpiredWebRiskVerdicts(db: DbClient, now: Date) {
  return db.webRiskVerdict.deleteMany({ where: { expiresAt: { lte: now } } })
}

/**
 * The verdicts of one check of a site's links: the listed ones get their threat types, every other link of
 * those checked is cleared (a link delisted since the last scan is no longer malicious).
 */
export async function updateLinkRiskTypes(
  db: DbClient,
  {
    siteId,
    checkedUrls,
    riskTypes,
  }: { siteId: string; checkedUrls: string[]; riskTypes: Map<string, string> },
) {
  await db.link.updateMany({
    where: { siteId, url: { in: checkedUrls }, riskType: { not: null } },
    data: { riskType: null },
  })
  for (const [url, riskType] of riskTypes) {
    await db.link.updateMany({ where: { siteId, url }, data: { riskType } })
  }
}

/** Malicious links of a site (or of a section's pages), with the pages that link to each. */
export interface MaliciousLinkListFilter {
  siteId: string
  sectionId?: string
  search?: string
  /** absent: internal and external */
  isInternal?: boolean
}

export interface MaliciousLinkListRow {
  id: string
  url: string
  riskType: string
  firstSeenAt: Date
  linkingPages: number
}

export type MaliciousLinkSortKey = 'entryTitle' | 'webRiskType' | 'totalCount' | 'created'

function linkingPagesSql(sectionId: string | undefined): Prisma.Sql {
  const inSection = sectionId
    ? Prisma.sql`AND EXISTS (SELECT 1 FROM "SectionPage" sp WHERE sp."pageId" = o."pageId" AND sp."sectionId" = ${sectionId})`
    : Prisma.empty
  return Prisma.sql`(SELECT count(DISTINCT o."pageId")::int FROM "LinkOccurrence" o WHERE o."linkId" = l.id ${inSection})`
}

function maliciousLinkSorts(sectionId: string | undefined): Record<MaliciousLinkSortKey, SortColumn> {
  return {
    entryTitle: { expression: Prisma.sql`l.url`, type: 'text', notNull: true },
    webRiskType: { expression: Prisma.sql`l."riskType"`, type: 'text', notNull: true },
    totalCount: { expression: linkingPagesSql(sectionId), type: 'integer', notNull: true },
    created: { expression: Prisma.sql`l."firstSeenAt"`, type: 'timestamp(3)', notNull: true },
  }
}

export function maliciousLinkSort(
  filter: Pick<MaliciousLinkListFilter, 'sectionId'>,
  sortBy: MaliciousLinkSortKey,
  direction: SortDirection,
): SqlSort {
  return { ...maliciousLinkSorts(filter.sectionId)[sortBy], direction }
}

/** Only links some page (of the section) still links to are listed. */
export function maliciousLinkList(filter: MaliciousLinkListFilter): SqlList {
  const inSection = filter.sectionId
    ? Prisma.sql`AND EXISTS (SELECT 1 FROM "SectionPage" sp WHERE sp."pageId" = o."pageId" AND sp."sectionId" = ${filter.sectionId})`
    : Prisma.empty
  const conditions = [
    Prisma.sql`l."siteId" = ${filter.siteId}`,
    Prisma.sql`l."riskType" IS NOT NULL`,
    Prisma.sql`EXISTS (SELECT 1 FROM "LinkOccurrence" o WHERE o."linkId" = l.id ${inSection})`,
  ]
  if (filter.isInternal !== undefined) conditions.push(Prisma.sql`l."isInternal" = ${filter.isInternal}`)
  if (filter.search) conditions.push(Prisma.sql`l.url ILIKE ${toContainsPattern(filter.search)}`)
  return {
    columns: Prisma.sql`l.id, l.url, l."riskType", l."firstSeenAt", ${linkingPagesSql(filter.sectionId)} AS "linkingPages"`,
    from: Prisma.sql`FROM "Link" l WHERE ${Prisma.join(conditions, ' AND ')}`,
    id: Prisma.sql`l.id`,
  }
}

/** The external links among these: the ones Web Risk is asked about (the site's own pages are the customer's). */
export async function listExternalLinkUrls(db: DbClient, linkIds: string[]): Promise<string[]> {
  const rows = await db.link.findMany({
    where: { id: { in: linkIds }, isInternal: false },
    select: { url: true },
  })
  return rows.map((row) => row.url)
}
