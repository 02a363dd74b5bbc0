import {
  type IssueListItem,
  type IssuePageItem,
  type IssuesOverview,
  type PageDetail,
  type PagedList,
  REVIEW_MESSAGES,
  ROLE_REQUIRED_MESSAGES,
} from '@canopy/contracts'
import { mergePageIssues, type PageIssueInput, rebuildIssueRollups } from '@canopy/db'
import { describe, expect, it } from 'vitest'
import {
  createSessionCookie,
  createTestCompletedScan,
  createTestPage,
  createTestSection,
  createTestSite,
  createTestUser,
} from './factories.js'
import { useTestApp } from './helper.js'

const getApp = useTestApp()

type Outcome = PageIssueInput['outcome']

/** An accessibility audit as the worker hands it to the page-issue store. */
function audit(issueId: string, outcome: Outcome, facts: Partial<PageIssueInput> = {}): PageIssueInput {
  return {
    issueId,
    title: `${issueId} title`,
    description: `${issueId} description`,
    issueLevel: 'AA',
    outcome,
    wcagCriteria: ['1.4.3'],
    auditGroup: null,
    score: outcome === 'passed' ? 1 : 0,
    nodeCount: outcome === 'failed' ? 2 : 0,
    details: null,
    elementSignatures: [],
    conformance: 'failure',
    engines: ['axe'],
    actRules: [],
    ...facts,
  }
}

/** What a scan of the page found: 'contrast-review' as given, and three audits that decide by themselves. */
function pageAudits(review: Outcome): PageIssueInput[] {
  return [
    audit('contrast-review', review, { engines: ['axe', 'equal-access'], actRules: ['afw4f7'] }),
    audit('image-alt', 'failed', { wcagCriteria: ['1.1.1'], issueLevel: 'A' }),
    audit('region', 'failed', { wcagCriteria: [], conformance: 'advice', issueLevel: 'Manual' }),
    audit('target-size', 'passed', { wcagCriteria: ['2.5.8'] }),
  ]
}

/**
 * A site with an admin, an editor, a viewer and a stranger, two pages (the first in a section), scanned
 * once through the store and the roll-up the worker uses; 'contrast-review' needs review on both pages.
 */
async function reviewSite() {
  const { app } = await getApp()
  const prisma = app.prisma
  const user = (firstName: string) => createTestUser(prisma, { firstName, lastName: 'Reviewer' })
  const admin = await user('Ada')
  const editor = await user('Eddie')
  const viewer = await user('Vera')
  const stranger = await user('Sam')
  const site = await createTestSite(prisma, {
    members: [
      { userId: admin.id, role: 'admin' },
      { userId: editor.id, role: 'editor' },
      { userId: viewer.id, role: 'viewer' },
    ],
  })
  const section = await createTestSection(prisma, { siteId: site.id, title: 'News' })
  const page = (path: string) => createTestPage(prisma, { siteId: site.id, url: `${site.rootUri}${path}` })
  const pages = [await page('news/one'), await page('about')] as const
  await prisma.sectionPage.create({ data: { sectionId: section.id, pageId: pages[0].id } })
  const cookies = {
    admin: await createSessionCookie(prisma, admin.id),
    editor: await createSessionCookie(prisma, editor.id),
    viewer: await createSessionCookie(prisma, viewer.id),
    stranger: await createSessionCookie(prisma, stranger.id),
  }
  const context = { app, site, section, pages, cookies, editor }
  await rescan(context, 1, ['manual', 'manual'])
  return context
}

type ReviewSite = Pick<Awaited<ReturnType<typeof reviewSite>>, 'app' | 'site' | 'pages'>

/** A scan as the worker stores it: each page's audits merged, then the roll-up rebuilt; kept answers dropped. */
async function rescan({ app, site, pages }: ReviewSite, number: number, outcomes: Outcome[]) {
  const scan = await createTestCompletedScan(app.prisma, { siteId: site.id, number })
  for (const [index, page] of pages.entries()) {
    const target = { siteId: site.id, pageId: page.id, scanId: scan.id, category: 'accessibility' as const }
    await mergePageIssues(app.prisma, target, pageAudits(outcomes[index] ?? 'manual'))
  }
  await rebuildIssueRollups(app.prisma, { siteId: site.id, scanId: scan.id })
  app.resultsCache.forgetSite(site.id)
  return scan
}

function review(
  { app, site }: ReviewSite,
  cookie: string,
  {
    pageId,
    issueId = 'contrast-review',
    method = 'PUT',
    payload,
    query = '',
  }: {
    pageId: string
    issueId?: string
    method?: 'PUT' | 'DELETE'
    payload?: object
    query?: string
  },
) {
  return app.inject({
    method,
    url: `/api/v1/sites/${site.slug}/pages/${pageId}/issues/${issueId}/review${query}`,
    headers: { cookie },
    ...(payload ? { payload } : {}),
  })
}

async function read<T>({ app, site }: ReviewSite, cookie: string, path: string): Promise<T> {
  const response = await app.inject({ url: `/api/v1/sites/${site.slug}/${path}`, headers: { cookie } })
  expect(response.statusCode, path).toBe(200)
  return response.json<T>()
}

async function contrastSummary(context: ReviewSite, cookie: string, scope = '') {
  const list = await read<PagedList<IssueListItem>>(context, cookie, `issues?status=current${scope}`)
  const item = list.items.find((candidate) => candidate.id === 'contrast-review')
  return item && { failed: item.results.totalCount, manual: item.pagesManual, reviewed: item.pagesReviewed }
}

describe('PUT /api/v1/sites/:slug/pages/:pageId/issues/:issueId/review', () => {
  it('lets site editors and admins decide; viewers are refused and strangers do not see the site', async () => {
    const context = await reviewSite()
    const { cookies, pages } = context
    const viewer = await review(context, cookies.viewer, {
      pageId: pages[0].id,
      payload: { decision: 'confirmed' },
    })
    expect(viewer.statusCode).toBe(403)
    expect(viewer.json().message).toBe(ROLE_REQUIRED_MESSAGES.editor)
    const stranger = await review(context, cookies.stranger, {
      pageId: pages[0].id,
      payload: { decision: 'confirmed' },
    })
    expect(stranger.statusCode).toBe(404)
    const admin = await review(context, cookies.admin, {
      pageId: pages[1].id,
      payload: { decision: 'dismissed', reason: 'The text sits on a solid panel.' },
    })
    expect(admin.statusCode).toBe(200)
    expect(admin.json()).toMatchObject({ decision: 'dismissed', reason: 'The text sits on a solid panel.' })
    expect(await context.app.prisma.issueReview.count({ where: { siteId: context.site.id } })).toBe(1)
  })

  it('answers 400 with the field, 404 for another page or audit, 409 for a result that decides by itself', async () => {
    const context = await reviewSite()
    const { cookies, pages } = context
    const noReason = await review(context, cookies.editor, {
      pageId: pages[0].id,
      payload: { decision: 'dismissed' },
    })
    expect(noReason.statusCode).toBe(400)
    expect(noReason.json().errors).toEqual({ reason: REVIEW_MESSAGES.reasonRequired })
    const badDecision = await review(context, cookies.editor, {
      pageId: pages[0].id,
      payload: { decision: 'maybe' },
    })
    expect(badDecision.statusCode).toBe(400)
    expect(Object.keys(badDecision.json().errors)).toEqual(['decision'])
    const badCategory = await review(context, cookies.editor, {
      pageId: pages[0].id,
      payload: { decision: 'confirmed' },
      query: '?category=colour',
    })
    expect(badCategory.statusCode).toBe(400)
    expect(Object.keys(badCategory.json().errors)).toEqual(['category'])

    const otherPage = await review(context, cookies.editor, {
      pageId: 'no-such-page',
      payload: { decision: 'confirmed' },
    })
    expect(otherPage.statusCode).toBe(404)
    const otherAudit = await review(context, cookies.editor, {
      pageId: pages[0].id,
      issueId: 'no-such-audit',
      payload: { decision: 'confirmed' },
    })
    expect(otherAudit.statusCode).toBe(404)
    for (const issueId of ['image-alt', 'target-size']) {
      const decided = await review(context, cookies.editor, {
        pageId: pages[0].id,
        issueId,
        payload: { decision: 'confirmed' },
      })
      expect(decided.statusCode, issueId).toBe(409)
      expect(decided.json().message).toBe(REVIEW_MESSAGES.notReviewable)
    }
    expect(await context.app.prisma.issueReview.count({ where: { siteId: context.site.id } })).toBe(0)
  })

  it('confirmed counts as failed and dismissed in neither count, in the summaries of the site and its section', async () => {
    const context = await reviewSite()
    const { cookies, pages, section, editor } = context
    expect(await contrastSummary(context, cookies.viewer)).toEqual({ failed: 0, manual: 2, reviewed: 0 })

    const confirmed = await review(context, cookies.editor, {
      pageId: pages[0].id,
      payload: { decision: 'confirmed', reason: 'Grey on white, 2.9:1.' },
    })
    expect(confirmed.statusCode).toBe(200)
    expect(confirmed.json()).toMatchObject({
      decision: 'confirmed',
      reason: 'Grey on white, 2.9:1.',
      decidedBy: { id: editor.id, name: 'Eddie Reviewer' },
    })
    expect(Date.parse(confirmed.json().decidedAt)).not.toBeNaN()
    expect(await contrastSummary(context, cookies.viewer)).toEqual({ failed: 1, manual: 1, reviewed: 1 })
    expect(await contrastSummary(context, cookies.viewer, `&sectionId=${section.id}`)).toEqual({
      failed: 1,
      manual: 0,
      reviewed: 1,
    })

    await review(context, cookies.editor, {
      pageId: pages[1].id,
      payload: { decision: 'dismissed', reason: 'Decorative.' },
    })
    expect(await contrastSummary(context, cookies.viewer)).toEqual({ failed: 1, manual: 0, reviewed: 2 })
    const overview = await read<IssuesOverview>(
      context,
      cookies.viewer,
      'issues/overview?category=accessibility',
    )
    expect(overview.reviews).toEqual({ toReview: 0, reviewed: 2 })

    const issuePages = await read<PagedList<IssuePageItem>>(
      context,
      cookies.viewer,
      'issues/contrast-review/pages',
    )
    expect(issuePages.items.map((item) => [item.sys.id, item.status, item.review?.decision])).toEqual([
      [pages[0].id, 'failed', 'confirmed'],
    ])
  })

  it('shows the decision, the engines and the guidance on the page detail', async () => {
    const context = await reviewSite()
    const { cookies, pages } = context
    const before = await read<PageDetail>(context, cookies.viewer, `page?pageId=${pages[0].id}`)
    const toReview = before.accessibility.issuesManual.find((issue) => issue.issueId === 'contrast-review')
    expect(toReview).toMatchObject({
      engines: ['axe', 'equal-access'],
      actRules: ['afw4f7'],
      conformance: 'failure',
      review: null,
      guidance: { understandingUrl: 'https://www.w3.org/WAI/WCAG22/Understanding/contrast-minimum.html' },
    })
    expect(toReview?.guidance?.techniques[0]).toEqual({
      id: 'G18',
      title: expect.stringContaining('contrast ratio of at least 4.5:1'),
      url: 'https://www.w3.org/WAI/WCAG22/Techniques/general/G18',
    })
    const decidedByItself = before.accessibility.issuesFailed.find((issue) => issue.issueId === 'image-alt')
    expect(decidedByItself).toMatchObject({
      guidance: null,
      review: null,
      engines: ['axe'],
      conformance: 'failure',
    })

    await review(context, cookies.editor, { pageId: pages[0].id, payload: { decision: 'confirmed' } })
    await review(context, cookies.editor, {
      pageId: pages[1].id,
      payload: { decision: 'dismissed', reason: 'Logo.' },
    })
    const first = await read<PageDetail>(context, cookies.viewer, `page?pageId=${pages[0].id}`)
    const confirmed = first.accessibility.issuesFailed.find((issue) => issue.issueId === 'contrast-review')
    expect(confirmed?.review).toMatchObject({
      decision: 'confirmed',
      reason: null,
      decidedBy: { name: 'Eddie Reviewer' },
    })
    expect(confirmed?.guidance?.check).toContain('4.5:1')
    expect(first.accessibility.issuesManual.map((issue) => issue.issueId)).not.toContain('contrast-review')
    const second = await read<PageDetail>(context, cookies.viewer, `page?pageId=${pages[1].id}`)
    const dismissed = second.accessibility.issuesManual.find((issue) => issue.issueId === 'contrast-review')
    expect(dismissed?.review).toMatchObject({ decision: 'dismissed', reason: 'Logo.' })
  })

  it('stands across scans while the result needs review, and not once it decides by itself', async () => {
    const context = await reviewSite()
    const { app, cookies, pages } = context
    await review(context, cookies.editor, { pageId: pages[0].id, payload: { decision: 'confirmed' } })
    await review(context, cookies.editor, {
      pageId: pages[1].id,
      payload: { decision: 'dismissed', reason: 'Logo.' },
    })
    const stored = () =>
      app.prisma.pageIssue.findMany({
        where: { siteId: context.site.id, issueId: 'contrast-review' },
        orderBy: { pageUrl: 'desc' },
        select: { outcome: true, reviewDecision: true, failingSinceScanId: true },
      })
    const firstFailing = (await stored())[0]?.failingSinceScanId

    await rescan(context, 2, ['manual', 'manual'])
    expect(await stored()).toEqual([
      { outcome: 'failed', reviewDecision: 'confirmed', failingSinceScanId: firstFailing },
      { outcome: 'manual', reviewDecision: 'dismissed', failingSinceScanId: null },
    ])
    expect(await contrastSummary(context, cookies.viewer)).toEqual({ failed: 1, manual: 0, reviewed: 2 })

    const third = await rescan(context, 3, ['passed', 'failed'])
    expect((await stored()).map(({ outcome, reviewDecision }) => [outcome, reviewDecision])).toEqual([
      ['passed', null],
      ['failed', null],
    ])
    expect(await app.prisma.issueReview.count({ where: { siteId: context.site.id } })).toBe(2)
    expect(await contrastSummary(context, cookies.viewer)).toEqual({ failed: 1, manual: 0, reviewed: 0 })
    const page = await read<PageDetail>(context, cookies.viewer, `page?pageId=${pages[0].id}`)
    const passed = page.accessibility.issuesPassed.find((issue) => issue.issueId === 'contrast-review')
    expect(passed).toMatchObject({ review: null, guidance: null })
    expect(passed?.lifecycle.fixedIn?.id).toBe(third.id)

    await rescan(context, 4, ['manual', 'manual'])
    expect((await stored()).map(({ outcome, reviewDecision }) => [outcome, reviewDecision])).toEqual([
      ['failed', 'confirmed'],
      ['manual', 'dismissed'],
    ])
  })

  it('DELETE reopens the result for review and recounts', async () => {
    const context = await reviewSite()
    const { cookies, pages } = context
    await review(context, cookies.editor, { pageId: pages[0].id, payload: { decision: 'confirmed' } })
    const viewer = await review(context, cookies.viewer, { pageId: pages[0].id, method: 'DELETE' })
    expect(viewer.statusCode).toBe(403)
    const reopened = await review(context, cookies.editor, { pageId: pages[0].id, method: 'DELETE' })
    expect(reopened.statusCode).toBe(204)
    expect(await contrastSummary(context, cookies.viewer)).toEqual({ failed: 0, manual: 2, reviewed: 0 })
    const row = await context.app.prisma.pageIssue.findFirstOrThrow({
      where: { pageId: pages[0].id, issueId: 'contrast-review' },
    })
    expect(row).toMatchObject({ outcome: 'manual', reviewDecision: null, failingSinceScanId: null })
    expect(
      (await review(context, cookies.editor, { pageId: pages[0].id, method: 'DELETE' })).statusCode,
    ).toBe(204)
    expect(
      (await review(context, cookies.editor, { pageId: 'no-such-page', method: 'DELETE' })).statusCode,
    ).toBe(404)
  })
})

describe('conformance in the issue lists and the overview', () => {
  it('filters failures of the target from advice, and counts advice apart', async () => {
    const context = await reviewSite()
    const { cookies } = context
    const ids = async (conformance: string) => {
      const list = await read<PagedList<IssueListItem>>(
        context,
        cookies.viewer,
        `issues?conformance=${conformance}`,
      )
      return list.items.map((item) => item.id).sort()
    }
    expect(await ids('all')).toEqual(['contrast-review', 'image-alt', 'region'])
    expect(await ids('failure')).toEqual(['contrast-review', 'image-alt'])
    expect(await ids('advice')).toEqual(['region'])
    const bad = await context.app.inject({
      url: `/api/v1/sites/${context.site.slug}/issues?conformance=aaa`,
      headers: { cookie: cookies.viewer },
    })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().errors)).toEqual(['conformance'])

    const list = await read<PagedList<IssueListItem>>(context, cookies.viewer, 'issues?conformance=advice')
    expect(list.items[0]).toMatchObject({
      conformance: 'advice',
      engines: ['axe'],
      results: { totalCount: 2 },
    })
    const overview = await read<IssuesOverview>(
      context,
      cookies.viewer,
      'issues/overview?category=accessibility',
    )
    expect(overview).toMatchObject({
      issuesFailed: 1,
      occurrencesFailed: 2,
      issuesAdvice: 1,
      issuesManual: 1,
      reviews: { toReview: 2, reviewed: 0 },
    })
    const byLevel = Object.fromEntries(overview.byLevel.map((row) => [row.level, row.occurrences]))
    expect(byLevel).toEqual({ A: 2, AA: 2, AAA: 0, Error: 0, Manual: 0 })
  })
})
