import {
  countHistoryFacts,
  type DbClient,
  type Page,
  type Prisma,
  replaceHistoryPoints,
  replaceSectionMembers,
  type SectionWithRulesRow,
  updateSectionMembers,
  updateSectionSummary,
} from '@canopy/db'
import { isInSection, type SectionConditionRule } from '../crawl/section-rules.js'

const mean = (values: (number | null | undefined)[]) => {
  const present = values.filter((value): value is number => typeof value === 'number')
  return present.length ? Math.round((present.reduce((a, b) => a + b, 0) / present.length) * 10) / 10 : null
}

function categoryMeans(pages: Page[]) {
  return {
    accessibilityScore: mean(pages.map((page) => page.accessibilityScore)),
    seoScore: mean(pages.map((page) => page.seoScore)),
    performanceScore: mean(pages.map((page) => page.performanceScore)),
    contentQualityScore: mean(pages.map((page) => page.contentQualityScore)),
  }
}

function overviewOf(pages: Page[]): number | null {
  return mean(Object.values(categoryMeans(pages)))
}

/** Whether the section's rules take the page in, judged on its URL, author and meta tags. */
export function isSectionMember(section: SectionWithRulesRow, page: Page): boolean {
  const rules: SectionConditionRule[] = section.conditions.map((condition) => ({ ...condition }))
  const metadata = (page.metadata ?? {}) as { metaTags?: Record<string, string> }
  return isInSection(rules, { url: page.url, author: page.author, metaTags: metadata.metaTags ?? {} })
}

/** After a full or section scan: each section's members are the scanned pages its rules take in. */
export async function rebuildSections(
  db: DbClient,
  sections: SectionWithRulesRow[],
  pages: Page[],
): Promise<Map<string, Page[]>> {
  const members = new Map<string, Page[]>()
  for (const section of sections) {
    const inSection = pages.filter((page) => isSectionMember(section, page))
    members.set(section.id, inSection)
    await replaceSectionMembers(
      db,
      section.id,
      inSection.map((page) => page.id),
      { overallScore: overviewOf(inSection) },
    )
  }
  return members
}

/**
 * After a page scan: each scanned page joins or leaves each section as its rules now say, and every section's
 * page count and score are recomputed from all its members (the other pages keep their membership).
 */
export async function updateSectionsForPages(
  db: DbClient,
  sections: SectionWithRulesRow[],
  pages: Page[],
): Promise<void> {
  for (const section of sections) {
    const joining = pages.filter((page) => isSectionMember(section, page)).map((page) => page.id)
    const leaving = pages.map((page) => page.id).filter((id) => !joining.includes(id))
    const members = await updateSectionMembers(db, section.id, { joining, leaving })
    await updateSectionSummary(db, section.id, {
      pagesInSection: members.length,
      overallScore: overviewOf(members),
    })
  }
}

interface HistoryScope {
  siteId: string
  scanId: string
  sectionId: string | null
}

async function historyPoint(
  db: DbClient,
  scope: HistoryScope,
  pages: Page[],
): Promise<Prisma.HistoryPointUncheckedCreateInput> {
  const facts = await countHistoryFacts(
    db,
    scope.siteId,
    pages.map((page) => page.id),
  )
  const means = categoryMeans(pages)
  const readabilityScore = mean(pages.map((page) => page.readabilityFlesch))
  const passedAndFailed = (category: string) => ({
    issuesPassed: facts.issueCount(category, 'passed'),
    issuesFailed: facts.issueCount(category, 'failed'),
  })
  return {
    ...scope,
    numberOfPages: pages.length,
    overviewScore: mean(Object.values(means)),
    ...means,
    readabilityScore,
    metrics: {
      latestScan: {
        numberOfBrokenLinks: facts.brokenLinks,
        numberOfMisspellings: facts.misspellings,
        numberOfPagesWithBrokenImages: pages.filter((page) => page.brokenImageCount > 0).length,
      },
      accessibilityMetricHistory: passedAndFailed('accessibility'),
      seoMetricHistory: passedAndFailed('seo'),
      performanceMetricHistory: passedAndFailed('performance'),
      contentQualityMetricHistory: {
        misspellings: facts.misspellings,
        brokenLinks: facts.brokenLinks,
        readability: readabilityScore,
      },
      inventoryHistory: {
        documentsFound: facts.documentCount(),
        pdfsFound: facts.documentCount('pdf'),
        pagesFound: pages.length,
        docsFound: facts.documentCount('doc'),
        archivesFound: facts.documentCount('archive'),
        spreadsheetsFound: facts.documentCount('spreadsheet'),
        powerpointsFound: facts.documentCount('powerpoint'),
        mediaFound: facts.documentCount('media'),
      },
    },
  }
}

/**
 * History: one point for the site (not after a section scan) and one per section, replaced on a retry.
 * A page scan writes none: a point stands for a whole site or section as one scan saw it.
 */
export async function writeHistoryPoints(
  db: DbClient,
  { siteId, scanId, sectionScan }: { siteId: string; scanId: string; sectionScan: boolean },
  pages: Page[],
  sectionMembers: Map<string, Page[]>,
): Promise<void> {
  const points = [
    ...(sectionScan ? [] : [await historyPoint(db, { siteId, scanId, sectionId: null }, pages)]),
  ]
  for (const [sectionId, members] of sectionMembers) {
    points.push(await historyPoint(db, { siteId, scanId, sectionId }, members))
  }
  await replaceHistoryPoints(db, scanId, points)
}
