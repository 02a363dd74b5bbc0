import type {
  Audit,
  AuditIssue,
  AuditPageData,
  DocumentDetail,
  DocumentListItem,
  HistoryChartPoint,
  HistoryResponse,
  IssueDetail,
  IssueListItem,
  IssuePageItem,
  IssuesOverview,
  IssueTemplate,
  PageDetail,
  PageListItem,
  ScanRef,
} from '@canopy/contracts'

/** Contract-shaped answers of the accessibility area, page detail and document detail, as the API sends them. */

export const SCAN_7: ScanRef = { id: 'scan-7', number: 7, finishedAt: '2026-11-20T10:00:00.000Z' }
export const SCAN_6: ScanRef = { id: 'scan-6', number: 6, finishedAt: '2026-11-13T10:00:00.000Z' }

export function makePageListItem(index: number, overrides: Partial<PageListItem> = {}): PageListItem {
  return {
    sys: {
      id: `page-${index}`,
      version: { created: '2026-10-01T00:00:00.000Z', modified: SCAN_7.finishedAt ?? '' },
    },
    pageTitle: `Page ${String(index).padStart(2, '0')}`,
    entryTitle: `https://demo.example/page-${index}.html`,
    httpStatus: 200,
    accessibilityScore: 40 + (index % 60),
    seoScore: 80,
    performanceScore: 70,
    contentQualityScore: 90,
    numberOfAccessibilityIssuesFailed: index % 7,
    numberOfSeoIssuesFailed: 1,
    numberOfPerformanceIssuesFailed: 2,
    accessibilityFailuresByLevel: { A: index % 3, AA: index % 4, AAA: 0 },
    brokenLinkCount: 0,
    brokenImageCount: 0,
    misspellings: 0,
    readability: { flesch: 60, level: 'average-reading-level' },
    firstContentfulPaint: null,
    speedIndex: null,
    totalBlockingTime: null,
    largestContentfulPaint: null,
    cumulativeLayoutShift: null,
    views: 0,
    ...overrides,
  }
}

export function makeTemplate(overrides: Partial<IssueTemplate> = {}): IssueTemplate {
  return {
    issueId: 'image-alt',
    category: 'accessibility',
    title: 'Images must have alternative text',
    issueLevel: 'A',
    signature: 'abcdef0123456789',
    selector: 'header > img.logo',
    snippet: '<img class="logo" src="/logo.png">',
    pageCount: 12,
    clearsPages: 9,
    ...overrides,
  }
}

export function makeIssueListItem(index: number, overrides: Partial<IssueListItem> = {}): IssueListItem {
  return {
    id: `rule-${index}`,
    category: 'accessibility',
    title: `Rule ${String(index).padStart(2, '0')} must pass`,
    description: `Rule ${index} describes itself. [Learn more](https://dequeuniversity.com/rules/${index})`,
    issueLevel: index % 2 === 0 ? 'AA' : 'A',
    wcag: ['1.1.1'],
    results: { totalCount: 100 - index },
    pagesManual: 0,
    nodesFailed: 3 * (100 - index),
    pagesNew: index % 3,
    pagesFixed: index % 2,
    firstSeen: SCAN_6.finishedAt,
    templateCount: index % 2,
    conformance: index % 5 === 4 ? 'advice' : 'failure',
    engines: index % 3 === 0 ? ['axe', 'equal-access'] : ['axe'],
    pagesReviewed: 0,
    ...overrides,
  }
}

export function makeIssueDetail(overrides: Partial<IssueDetail> = {}): IssueDetail {
  return {
    ...makeIssueListItem(1),
    id: 'image-alt',
    title: 'Images must have alternative text',
    description:
      'Ensures <img> elements have alternate text. [Learn more](https://dequeuniversity.com/rules/axe/image-alt)',
    issueLevel: 'A',
    results: { totalCount: 12 },
    pagesNew: 2,
    pagesFixed: 1,
    templateCount: 1,
    scan: SCAN_7,
    templates: [makeTemplate()],
    ...overrides,
  }
}

export function makeIssuePageItem(index: number, overrides: Partial<IssuePageItem> = {}): IssuePageItem {
  return {
    sys: { id: `page-${index}` },
    pageTitle: `Page ${String(index).padStart(2, '0')}`,
    entryTitle: `https://demo.example/page-${index}.html`,
    issueId: 'image-alt',
    issueLevel: 'A',
    status: 'failed',
    nodeCount: 2,
    lifecycle: { failingSince: SCAN_6, lastFailed: SCAN_7, fixedIn: null, isNew: false },
    assignment: null,
    linkedJiraIssue: null,
    views: 0,
    review: null,
    ...overrides,
  }
}

export function makeIssuesOverview(overrides: Partial<IssuesOverview> = {}): IssuesOverview {
  return {
    scan: SCAN_7,
    issuesFailed: 9,
    issuesManual: 2,
    occurrencesFailed: 40,
    byLevel: [
      { level: 'A', issues: 5, occurrences: 25 },
      { level: 'AA', issues: 3, occurrences: 12 },
      { level: 'AAA', issues: 1, occurrences: 3 },
      { level: 'Error', issues: 0, occurrences: 0 },
      { level: 'Manual', issues: 2, occurrences: 6 },
    ],
    issuesNew: 2,
    occurrencesNew: 4,
    issuesFixed: 1,
    occurrencesFixed: 3,
    templates: [makeTemplate()],
    issuesAdvice: 3,
    reviews: { toReview: 4, reviewed: 1 },
    ...overrides,
  }
}

const series = (values: number[]): HistoryChartPoint[] =>
  values.map((y, index) => ({
    x: `2026-11-${String(10 + index).padStart(2, '0')}T10:00:00.000Z`,
    y,
    numberOfPages: 20,
  }))

export function makeHistory(scores: number[] = [61, 72]): HistoryResponse {
  const empty = { issuesPassed: series(scores.map(() => 0)), issuesFailed: series(scores.map(() => 0)) }
  return {
    latestScan: null,
    overview: series(scores),
    accessibility: series(scores),
    contentQuality: series(scores),
    seo: series(scores),
    performance: series(scores),
    accessibilityMetricHistory: {
      issuesPassed: series(scores.map((score) => score * 2)),
      issuesFailed: series(scores.map((score) => 100 - score)),
    },
    performanceMetricHistory: empty,
    seoMetricHistory: empty,
    contentQualityMetricHistory: {
      misspellings: series(scores.map(() => 0)),
      brokenLinks: series(scores.map(() => 0)),
      readability: series(scores.map(() => 0)),
    },
    inventoryHistory: {
      documentsFound: series(scores.map(() => 0)),
      pdfsFound: series(scores.map(() => 0)),
      pagesFound: series(scores.map(() => 0)),
      docsFound: series(scores.map(() => 0)),
      archivesFound: series(scores.map(() => 0)),
      spreadsheetsFound: series(scores.map(() => 0)),
      powerpointsFound: series(scores.map(() => 0)),
      mediaFound: series(scores.map(() => 0)),
    },
  }
}

/** An audit as the page detail's issues carry it, with its lifecycle on the page. */
export function toAuditIssue(audit: Audit, overrides: Partial<AuditIssue> = {}): AuditIssue {
  return {
    issueId: audit.id,
    title: audit.title,
    description: audit.description,
    issueDescription: audit.description,
    issueDetails: audit.details ? JSON.stringify(audit.details) : null,
    details: audit.details,
    issueLevel: audit.issueLevel,
    group: audit.group ?? null,
    score: audit.score,
    wcag: audit.wcag,
    nodeCount: audit.nodeCount,
    lifecycle: { failingSince: SCAN_6, lastFailed: SCAN_7, fixedIn: null, isNew: false },
    templates: [],
    assignment: null,
    linkedJiraIssue: null,
    engines: audit.engines ?? [],
    actRules: audit.actRules ?? [],
    conformance: audit.conformance ?? null,
    review: null,
    guidance: null,
    ...overrides,
  }
}

export const emptyAuditData = (score: number | null = null): AuditPageData => ({
  score,
  issuesFailed: [],
  issuesManual: [],
  issuesPassed: [],
  issuesNotApplicable: [],
})

export function makePageDetail(overrides: Partial<PageDetail> = {}): PageDetail {
  return {
    sys: { id: 'page-1' },
    pageTitle: 'Images',
    entryTitle: 'http://127.0.0.1:8090/problems/images.html',
    url: 'http://127.0.0.1:8090/problems/images.html',
    httpStatus: 200,
    language: 'en',
    lastScannedAt: SCAN_7.finishedAt,
    accessibility: emptyAuditData(62),
    seo: emptyAuditData(91),
    performance: emptyAuditData(48),
    contentQuality: emptyAuditData(80),
    performanceMetrics: null,
    readability: { flesch: 64, level: 'average-reading-level' },
    brokenLinkCount: 1,
    brokenImageCount: 0,
    misspellings: 2,
    hasScreenshot: true,
    hasSnapshot: true,
    lastScan: SCAN_7,
    metadata: {
      canonicalUrl: 'http://127.0.0.1:8090/problems/images.html',
      metaDescription: 'Pictures without words',
      author: null,
      finalUrl: 'http://127.0.0.1:8090/problems/images.html',
      isIndexable: true,
      inSitemap: false,
      isOrphaned: false,
      depth: 1,
      discoveredVia: 'link',
      isDuplicateTitle: false,
      isDuplicateDescription: false,
      isDuplicateContent: true,
      metaTags: [{ name: 'viewport', content: 'width=device-width' }],
      headings: [
        { level: 1, text: 'Images' },
        { level: 2, text: 'Gallery' },
      ],
      blockedRequests: [
        { url: 'http://169.254.169.254/latest/meta-data/', reason: '169.254.169.254 is linkLocal' },
      ],
    },
    inventory: {
      documents: [
        {
          url: 'http://127.0.0.1:8090/files/report.pdf',
          kind: 'pdf',
          extension: '.pdf',
          linkText: 'Annual report',
          httpStatus: 200,
          isBroken: false,
        },
      ],
      contacts: [{ kind: 'email', value: 'info@demo.example', valid: true, count: 2 }],
    },
    redirectedFrom: ['http://127.0.0.1:8090/old/images.html'],
    sections: [{ sys: { id: 'section-1' }, title: 'Problems' }],
    ...overrides,
  }
}

export function makeDocumentListItem(
  index: number,
  overrides: Partial<DocumentListItem> = {},
): DocumentListItem {
  return {
    sys: { id: `document-${index}`, version: { created: '2026-10-01T00:00:00.000Z' } },
    kind: 'pdf',
    documentTitle: `Report ${String(index).padStart(2, '0')}`,
    uri: `https://demo.example/files/report-${index}.pdf`,
    entryTitle: `https://demo.example/files/report-${index}.pdf`,
    author: 'Dana',
    created: '2025-01-02T00:00:00.000Z',
    modified: '2025-02-03T00:00:00.000Z',
    size: 1024 * 1024 * index,
    pageCount: 40 - index,
    accessibilityScore: 50 + index,
    isScanned: index % 2 === 0,
    isTagged: index % 2 === 1,
    language: 'en',
    totalCount: index,
    ...overrides,
  }
}

export function makeDocumentDetail(overrides: Partial<DocumentDetail> = {}): DocumentDetail {
  return {
    ...makeDocumentListItem(1),
    checkedAt: SCAN_7.finishedAt,
    checks: [
      { id: 'tagged', title: 'Tagged', description: 'The PDF has a structure tree.', passed: true },
      { id: 'title', title: 'Title', description: 'The PDF names itself in its metadata.', passed: false },
      { id: 'language', title: 'Language', description: 'The PDF declares its language.', passed: null },
    ],
    pages: [
      {
        sys: { id: 'page-1' },
        pageTitle: 'Images',
        entryTitle: 'http://127.0.0.1:8090/problems/images.html',
      },
    ],
    totalCount: 3,
    ...overrides,
  }
}
