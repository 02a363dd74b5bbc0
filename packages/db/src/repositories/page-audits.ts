import type { Prisma } from '../generated/prisma/client.js'
import type { DbClient } from './db-client.js'

/** A page of the site and the files its last scan left, by id or by URL; null for another site's page. */
const pageFilesSelect = {
  id: true,
  siteId: true,
  url: true,
  screenshotPath: true,
  snapshotPath: true,
  lastScanId: true,
} satisfies Prisma.PageSelect

export type PageFilesRow = Prisma.PageGetPayload<{ select: typeof pageFilesSelect }>

export function findSitePageFiles(db: DbClient, { siteId, pageId }: { siteId: string; pageId: string }) {
  return db.page.findFirst({ where: { id: pageId, siteId }, select: pageFilesSelect })
}

export function findSitePageFilesByUrl(db: DbClient, { siteId, url }: { siteId: string; url: string }) {
  return db.page.findUnique({ where: { siteId_url: { siteId, url } }, select: pageFilesSelect })
}

const pageAuditsInclude = {
  issues: { orderBy: [{ category: 'asc' }, { issueId: 'asc' }] },
} satisfies Prisma.PageInclude

export type PageWithIssuesRow = Prisma.PageGetPayload<{ include: typeof pageAuditsInclude }>

/** The page with the latest outcome of every audit in every category (PageIssue keeps only the latest). */
export function findSitePageWithIssues(db: DbClient, { siteId, pageId }: { siteId: string; pageId: string }) {
  return db.page.findFirst({ where: { id: pageId, siteId }, include: pageAuditsInclude })
}
