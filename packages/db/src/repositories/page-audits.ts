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

const userNameSelect = { id: true, firstName: true, lastName: true } satisfies Prisma.UserSelect

const pageAuditsInclude = {
  issues: { orderBy: [{ category: 'asc' }, { issueId: 'asc' }] },
  sections: { select: { section: { select: { id: true, slug: true, title: true } } } },
  documents: { select: { document: true }, orderBy: { document: { url: 'asc' } } },
  contacts: { select: { count: true, contact: true }, orderBy: { contact: { value: 'asc' } } },
  links: {
    where: { kind: 'anchor' },
    select: { text: true, link: { select: { url: true, status: true, isBroken: true } } },
  },
  assignments: {
    include: { assignedTo: { select: userNameSelect }, assignedBy: { select: userNameSelect } },
  },
  tickets: { select: { issueId: true, ticketId: true, ticketUrl: true } },
  /** reviewers' decisions on its results that need review (they apply where PageIssue.reviewDecision says so) */
  reviews: { include: { user: { select: userNameSelect } } },
  /** the latest load of the page: what the network guard refused in it */
  results: { select: { blockedRequests: true }, orderBy: { scannedAt: 'desc' }, take: 1 },
} satisfies Prisma.PageInclude

export type PageWithIssuesRow = Prisma.PageGetPayload<{ include: typeof pageAuditsInclude }>

/**
 * The page with the latest outcome of every audit in every category (PageIssue keeps only the latest), its
 * sections, documents, contact details, assignments, tickets and reviewers' decisions.
 */
export function findSitePageWithIssues(db: DbClient, { siteId, pageId }: { siteId: string; pageId: string }) {
  return db.page.findFirst({ where: { id: pageId, siteId }, include: pageAuditsInclude })
}

/** Scans by id, for naming them by number ("fixed in scan 12"). */
export async function findScanRefs(db: DbClient, scanIds: (string | null)[]) {
  const ids = [...new Set(scanIds.filter((id): id is string => Boolean(id)))]
  if (!ids.length) return new Map<string, { id: string; number: number | null; finishedAt: Date | null }>()
  const rows = await db.scan.findMany({
    where: { id: { in: ids } },
    select: { id: true, number: true, finishedAt: true },
  })
  return new Map(rows.map((row) => [row.id, row]))
}

/** The site-wide template problems with these element signatures (shared by two pages or more). */
export function findTemplatesBySignature(
  db: DbClient,
  { siteId, signatures }: { siteId: string; signatures: string[] },
) {
  if (!signatures.length) return Promise.resolve([])
  return db.issueTemplate.findMany({
    where: { siteId, scopeId: '', signature: { in: signatures } },
    select: { category: true, issueId: true, signature: true, selector: true, pageCount: true },
  })
}

/** Addresses of the site that redirect (HTTP or meta refresh) to `url`, as the link checker followed them. */
export async function findRedirectsTo(db: DbClient, { siteId, url }: { siteId: string; url: string }) {
  const rows = await db.link.findMany({
    where: { siteId, isInternal: true, finalUrl: url, url: { not: url } },
    select: { url: true },
    orderBy: { url: 'asc' },
    take: 50,
  })
  return rows.map((row) => row.url)
}
