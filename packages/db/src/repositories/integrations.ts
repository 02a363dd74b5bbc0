import { type IntegrationKind, Prisma } from '../generated/prisma/client.js'
import type { DbClient } from './db-client.js'

// A site's integrations (issue tracker, web analytics; web-risk has its own pair in web-risk.ts) and the
// issue-tracker tickets linked to a page's failed issue.

export function findIntegration(db: DbClient, siteId: string, kind: IntegrationKind) {
  return db.integration.findUnique({
    where: { siteId_kind: { siteId, kind } },
    select: { enabled: true, config: true, secrets: true },
  })
}

export interface IntegrationWrite {
  enabled: boolean
  config?: Prisma.InputJsonValue
  secrets?: Prisma.InputJsonValue
}

export function saveIntegration(
  db: DbClient,
  siteId: string,
  kind: IntegrationKind,
  write: IntegrationWrite,
) {
  return db.integration.upsert({
    where: { siteId_kind: { siteId, kind } },
    create: { siteId, kind, ...write },
    update: write,
  })
}

export function deleteIntegration(db: DbClient, siteId: string, kind: IntegrationKind) {
  return db.integration.deleteMany({ where: { siteId, kind } })
}

/** A page's issue with what a ticket about it says: the page's URL and title, the issue's criteria and items. */
export function findPageIssueForTicket(
  db: DbClient,
  { siteId, pageId, issueId }: { siteId: string; pageId: string; issueId: string },
) {
  return db.pageIssue.findFirst({
    where: { siteId, pageId, issueId },
    select: {
      issueId: true,
      title: true,
      description: true,
      outcome: true,
      issueLevel: true,
      wcagCriteria: true,
      details: true,
      page: { select: { id: true, url: true, title: true } },
    },
  })
}

export function findIssueTicket(
  db: DbClient,
  { siteId, pageId, issueId }: { siteId: string; pageId: string; issueId: string },
) {
  return db.issueTicket.findUnique({
    where: { siteId_pageId_issueId: { siteId, pageId, issueId } },
    select: { ticketId: true, ticketUrl: true },
  })
}

export function saveIssueTicket(
  db: DbClient,
  ticket: {
    siteId: string
    pageId: string
    issueId: string
    ticketId: string
    ticketUrl: string
    createdById: string
  },
) {
  const { siteId, pageId, issueId } = ticket
  return db.issueTicket.upsert({
    where: { siteId_pageId_issueId: { siteId, pageId, issueId } },
    create: ticket,
    update: { ticketId: ticket.ticketId, ticketUrl: ticket.ticketUrl, createdById: ticket.createdById },
  })
}

export function deleteIssueTicket(
  db: DbClient,
  { siteId, pageId, issueId }: { siteId: string; pageId: string; issueId: string },
) {
  return db.issueTicket.deleteMany({ where: { siteId, pageId, issueId } })
}

/** What a section rule looks at on a known page: its URL, author and meta tags (from the last scan). */
export interface PageSectionFactsRow {
  id: string
  url: string
  title: string | null
  author: string | null
  metaTags: Record<string, string> | null
}

/** The site's known pages in URL order, a batch after `afterUrl`: the section editor's preview walks them. */
export function listPageSectionFacts(
  db: DbClient,
  { siteId, afterUrl, take }: { siteId: string; afterUrl: string | null; take: number },
): Promise<PageSectionFactsRow[]> {
  const after = afterUrl === null ? Prisma.empty : Prisma.sql`AND url > ${afterUrl}`
  return db.$queryRaw<PageSectionFactsRow[]>`
    SELECT id, url, title, author, metadata -> 'metaTags' AS "metaTags"
    FROM "Page" WHERE "siteId" = ${siteId} ${after}
    ORDER BY url LIMIT ${take}`
}
