import {
  keepsBrowserRedirect,
  type LinkCheckRow,
  listLinksOfScan,
  listPagesByIds,
  listSectionsWithRules,
  listSucceededResults,
  type PrismaClient,
  rebuildIssueRollups,
  refreshMisspellingTotals,
  replaceDuplicateGroups,
  type Scan,
  type ScanLinkRow,
  storeLinkCheckRows,
} from '@canopy/db'
import { finalizePage, gatherCrossPageFacts } from './finalize-pages.js'
import { rebuildSections, updateSectionsForPages, writeHistoryPoints } from './finalize-sections.js'

export type LinkCheckOutcome = Required<Omit<LinkCheckRow, 'id'>>

/** Distinct link and image URLs found on the scan's pages: each is checked once per scan. */
export const linksOfScan = listLinksOfScan

export async function storeLinkChecks(
  prisma: PrismaClient,
  scanId: string,
  links: ScanLinkRow[],
  checks: Map<string, LinkCheckOutcome>,
) {
  const rows = links.flatMap((link): LinkCheckRow[] => {
    const check = checks.get(link.url)
    if (!check) return []
    // A meta refresh or script move the browser recorded in this scan stays: a check without a browser sees a 200.
    if (keepsBrowserRedirect(link, check, scanId)) {
      const { redirectChain: _chain, finalUrl: _finalUrl, ...status } = check
      return [{ id: link.id, ...status }]
    }
    return [{ id: link.id, ...check }]
  })
  await storeLinkCheckRows(prisma, scanId, rows)
}

/**
 * Everything that needs all pages of a scan, in steps: the checks across pages (broken links per page,
 * duplicates, orphans) recomputed on every page, sections, history, then the issue roll-up.
 * A section scan sees only the section's pages and a page scan one page: what needs the whole site
 * (orphans, other sections, the site's history point) stays as the last full scan left it, and duplicates
 * are looked for among the site's pages as last scanned.
 * Every step overwrites what an earlier attempt wrote, so a retried finalize changes nothing twice.
 */
export async function finalizeScanData(prisma: PrismaClient, scan: Scan) {
  if (!scan.siteId) return
  const scanId = scan.id
  const siteId = scan.siteId
  const sectionScan = scan.kind === 'section' && scan.sectionId ? scan.sectionId : null
  const pageScan = scan.kind === 'page'
  const scope = {
    scanId,
    siteId,
    partialScan: sectionScan !== null || pageScan,
    reachedPageLimit: scan.pagesQueued >= scan.pageLimit,
  }

  const results = await listSucceededResults(prisma, scanId)
  const facts = await gatherCrossPageFacts(prisma, scope, results)
  for (const result of results) await finalizePage(prisma, scope, result, facts)
  await replaceDuplicateGroups(prisma, scope, facts.duplicateGroups)

  const rollup = await writeScanFigures(prisma, { siteId, scanId, sectionScan, pageScan })
  return {
    pages: results.length,
    orphaned: scope.partialScan ? 0 : facts.orphanedUrls.size,
    issueSummaries: rollup.summaries,
    issueTemplates: rollup.templates,
  }
}

/**
 * The site's figures of a scan from its pages as they are now: section members, history points (not for a
 * page scan), issue roll-ups and misspelling totals. A scan's finalize writes them; a dictionary change
 * writes them again for the scan the site's figures come from, so the overview agrees with the lists.
 */
export async function writeScanFigures(
  prisma: PrismaClient,
  {
    siteId,
    scanId,
    sectionScan,
    pageScan,
  }: { siteId: string; scanId: string; sectionScan: string | null; pageScan: boolean },
) {
  const results = await listSucceededResults(prisma, scanId)
  const pages = await listPagesByIds(
    prisma,
    results.map((result) => result.pageId),
  )
  const sections = await listSectionsWithRules(prisma, siteId, sectionScan)
  if (pageScan) {
    await updateSectionsForPages(prisma, sections, pages)
  } else {
    const members = await rebuildSections(prisma, sections, pages)
    await writeHistoryPoints(prisma, { siteId, scanId, sectionScan: sectionScan !== null }, pages, members)
  }
  const rollup = await rebuildIssueRollups(prisma, { siteId, scanId })
  await refreshMisspellingTotals(prisma, siteId)
  return rollup
}
