import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPrismaClient } from '../src/client.js'
import {
  createScan,
  createScanUnlessActive,
  mergePageIssues,
  type PageIssueInput,
  rebuildIssueRollups,
} from '../src/repositories/index.js'

const prisma = createPrismaClient(process.env.DATABASE_URL ?? '')
const SITE = 'lifecycle-site'

function issue(
  issueId: string,
  outcome: PageIssueInput['outcome'],
  signatures: string[] = [],
): PageIssueInput {
  return {
    issueId,
    title: `Title of ${issueId}`,
    description: `About ${issueId}`,
    issueLevel: 'A',
    outcome,
    wcagCriteria: ['1.1.1'],
    auditGroup: null,
    score: outcome === 'failed' ? 0 : 1,
    nodeCount: signatures.length,
    details: signatures.length
      ? {
          type: 'table',
          items: signatures.map((signature) => ({
            node: { type: 'node', selector: `#${signature}`, snippet: `<img id="${signature}">` },
          })),
        }
      : null,
    elementSignatures: signatures,
  }
}

function newScan() {
  return createScan(prisma, { siteId: SITE, kind: 'site', requestedById: null, pageLimit: 10 })
}

function store(pageId: string, scanId: string, issues: PageIssueInput[], untouchedIssueIds?: string[]) {
  return mergePageIssues(prisma, { siteId: SITE, pageId, scanId, category: 'accessibility' }, issues, {
    untouchedIssueIds,
  })
}

function row(pageId: string, issueId: string) {
  return prisma.pageIssue.findUniqueOrThrow({
    where: { pageId_category_issueId: { pageId, category: 'accessibility', issueId } },
  })
}

beforeAll(async () => {
  await prisma.organisation.create({ data: { id: 'lifecycle-org', slug: 'lifecycle-org', name: 'Org' } })
  await prisma.site.create({
    data: {
      id: SITE,
      slug: SITE,
      siteName: 'Lifecycle',
      rootUri: 'http://x.test/',
      organisationId: 'lifecycle-org',
    },
  })
  await prisma.page.createMany({
    data: ['p1', 'p2', 'p3', 'p4'].map((id) => ({ id, siteId: SITE, url: `http://x.test/${id}` })),
  })
})

afterAll(async () => {
  await prisma.$disconnect()
})

describe('page issue lifecycle', () => {
  it('keeps failingSince while an audit fails again, and moves lastFailed to the new scan', async () => {
    const first = await newScan()
    const second = await newScan()
    await store('p1', first.id, [issue('image-alt', 'failed', ['a1'])])
    const before = await row('p1', 'image-alt')
    await store('p1', second.id, [issue('image-alt', 'failed', ['a1'])])
    const after = await row('p1', 'image-alt')
    expect(after.id).toBe(before.id)
    expect(after.failingSinceScanId).toBe(first.id)
    expect(after.failingSinceAt).toEqual(before.failingSinceAt)
    expect(after.lastFailedScanId).toBe(second.id)
    expect(after.fixedAt).toBeNull()
  })

  it('marks an audit that passes now as fixed in this scan, and keeps the row', async () => {
    const first = await newScan()
    const second = await newScan()
    await store('p2', first.id, [issue('label', 'failed', ['l1'])])
    await store('p2', second.id, [issue('label', 'passed')])
    const fixed = await row('p2', 'label')
    expect(fixed.outcome).toBe('passed')
    expect(fixed.fixedInScanId).toBe(second.id)
    expect(fixed.fixedAt).not.toBeNull()
    expect(fixed.failingSinceScanId).toBe(first.id)
    expect(fixed.lastFailedScanId).toBe(first.id)
    expect(fixed.elementSignatures).toEqual([])
  })

  it('starts a new stretch when a fixed audit fails again', async () => {
    const first = await newScan()
    const second = await newScan()
    const third = await newScan()
    await store('p3', first.id, [issue('color-contrast', 'failed', ['c1'])])
    await store('p3', second.id, [issue('color-contrast', 'passed')])
    await store('p3', third.id, [issue('color-contrast', 'failed', ['c1'])])
    const again = await row('p3', 'color-contrast')
    expect(again.failingSinceScanId).toBe(third.id)
    expect(again.fixedAt).toBeNull()
    expect(again.fixedInScanId).toBeNull()
  })

  it('fixes an audit the page no longer reports, and drops one that never failed', async () => {
    const first = await newScan()
    const second = await newScan()
    await store('p4', first.id, [issue('gone-failing', 'failed', ['g1']), issue('gone-passing', 'passed')])
    await store('p4', second.id, [])
    const gone = await row('p4', 'gone-failing')
    expect(gone.outcome).toBe('not_applicable')
    expect(gone.fixedInScanId).toBe(second.id)
    expect(await prisma.pageIssue.findFirst({ where: { pageId: 'p4', issueId: 'gone-passing' } })).toBeNull()
  })

  it('judges a second write of the same scan against the previous scan, not the first write', async () => {
    const first = await newScan()
    const second = await newScan()
    await store('p1', first.id, [issue('duplicate-title', 'failed', ['d1'])])
    // The page job does not report the check (finalize owns it), then finalize finds it failing again.
    await store('p1', second.id, [])
    expect((await row('p1', 'duplicate-title')).fixedInScanId).toBe(second.id)
    await store('p1', second.id, [issue('duplicate-title', 'failed', ['d1'])])
    const kept = await row('p1', 'duplicate-title')
    expect(kept.failingSinceScanId).toBe(first.id)
    expect(kept.fixedInScanId).toBeNull()
  })

  it('leaves audits another step owns alone', async () => {
    const scan = await newScan()
    await store('p2', scan.id, [issue('owned-elsewhere', 'failed', ['o1'])])
    const later = await newScan()
    await store('p2', later.id, [], ['owned-elsewhere'])
    const untouched = await row('p2', 'owned-elsewhere')
    expect(untouched.outcome).toBe('failed')
    expect(untouched.fixedAt).toBeNull()
    expect(untouched.scanId).toBe(scan.id)
  })
})

describe('issue roll-up', () => {
  const SECTION = 'lifecycle-section'
  it('counts pages failing, new, fixed and manual per scope, and groups shared elements into templates', async () => {
    await prisma.section.create({ data: { id: SECTION, siteId: SITE, slug: 'sec', title: 'Section' } })
    await prisma.sectionPage.createMany({ data: [{ sectionId: SECTION, pageId: 'p1' }] })
    const previous = await newScan()
    const current = await newScan()
    await store('p1', previous.id, [issue('roll-alt', 'failed', ['hdr'])])
    await store('p2', previous.id, [issue('roll-alt', 'failed', ['hdr', 'own2'])])
    await store('p3', previous.id, [issue('roll-alt', 'failed', ['own3'])])
    // p1 still fails, p2 fails on the shared element only, p3 is fixed, p4 newly fails and p4 needs review.
    await store('p1', current.id, [issue('roll-alt', 'failed', ['hdr'])])
    await store('p2', current.id, [issue('roll-alt', 'failed', ['hdr', 'hdr'])])
    await store('p3', current.id, [issue('roll-alt', 'passed')])
    await store('p4', current.id, [issue('roll-alt', 'failed', ['hdr']), issue('roll-manual', 'manual')])

    await rebuildIssueRollups(prisma, { siteId: SITE, scanId: current.id })

    const site = await prisma.issueSummary.findUniqueOrThrow({
      where: {
        siteId_scopeId_category_issueId: {
          siteId: SITE,
          scopeId: '',
          category: 'accessibility',
          issueId: 'roll-alt',
        },
      },
    })
    expect(site).toMatchObject({
      pagesFailed: 3,
      pagesNew: 1,
      pagesFixed: 1,
      nodesFailed: 4,
      title: 'Title of roll-alt',
      issueLevel: 'A',
      wcagCriteria: ['1.1.1'],
      scanId: current.id,
    })
    const previousFirstSeen = (await row('p1', 'roll-alt')).failingSinceAt
    expect(site.firstSeenAt).toEqual(previousFirstSeen)
    const manual = await prisma.issueSummary.findFirstOrThrow({
      where: { siteId: SITE, scopeId: '', issueId: 'roll-manual' },
    })
    expect(manual).toMatchObject({ pagesFailed: 0, pagesManual: 1 })
    const section = await prisma.issueSummary.findFirstOrThrow({
      where: { siteId: SITE, scopeId: SECTION, issueId: 'roll-alt' },
    })
    expect(section).toMatchObject({ pagesFailed: 1, pagesNew: 0, pagesFixed: 0 })

    const templates = await prisma.issueTemplate.findMany({
      where: { siteId: SITE, scopeId: '', issueId: 'roll-alt' },
    })
    expect(templates).toHaveLength(1)
    expect(templates[0]).toMatchObject({
      signature: 'hdr',
      selector: '#hdr',
      snippet: '<img id="hdr">',
      pageCount: 3,
      clearsPages: 3,
    })
  })

  it('replaces the previous roll-up instead of adding to it', async () => {
    const scan = await newScan()
    await rebuildIssueRollups(prisma, { siteId: SITE, scanId: scan.id })
    await rebuildIssueRollups(prisma, { siteId: SITE, scanId: scan.id })
    const rows = await prisma.issueSummary.count({
      where: { siteId: SITE, scopeId: '', issueId: 'roll-alt' },
    })
    expect(rows).toBe(1)
  })
})

describe('scan numbers', () => {
  it('numbers a site’s scans from 1 without gaps or duplicates, also when created at once', async () => {
    await prisma.site.create({
      data: {
        id: 'numbered',
        slug: 'numbered',
        siteName: 'N',
        rootUri: 'http://n.test/',
        organisationId: 'lifecycle-org',
      },
    })
    const input = { siteId: 'numbered', kind: 'page' as const, requestedById: null, pageLimit: 1 }
    const scans = await Promise.all([
      ...Array.from({ length: 5 }, () => createScan(prisma, input)),
      createScanUnlessActive(prisma, { ...input, kind: 'site' }, { kind: 'site' }).then(
        (result) => result.scan,
      ),
    ])
    expect(scans.map((scan) => scan.number).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([1, 2, 3, 4, 5, 6])
    const single = await createScan(prisma, { ...input, kind: 'single_page' })
    expect(single.number).toBeNull()
  })
})
