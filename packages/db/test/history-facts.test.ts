import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPrismaClient } from '../src/client.js'
import { countHistoryFacts } from '../src/repositories/index.js'

const prisma = createPrismaClient(process.env.DATABASE_URL ?? '')
const SITE = 'history-facts-site'
const PAGES = ['hf1', 'hf2']

type Row = [
  pageId: string,
  category: 'accessibility' | 'seo',
  issueId: string,
  outcome: string,
  conformance: string | null,
]

const ROWS: Row[] = [
  ['hf1', 'accessibility', 'image-alt', 'failed', 'failure'],
  ['hf2', 'accessibility', 'image-alt', 'failed', 'failure'],
  ['hf1', 'accessibility', 'color-contrast-enhanced', 'failed', 'advice'],
  ['hf1', 'accessibility', 'region', 'failed', 'advice'],
  ['hf1', 'accessibility', 'html-has-lang', 'passed', 'failure'],
  ['hf1', 'accessibility', 'landmark-one-main', 'passed', 'advice'],
  // stored before conformance was recorded: counted as before
  ['hf2', 'accessibility', 'label', 'failed', null],
  ['hf1', 'seo', 'meta-description', 'failed', null],
]

beforeAll(async () => {
  await prisma.organisation.create({
    data: { id: 'history-facts-org', slug: 'history-facts-org', name: 'Org' },
  })
  await prisma.site.create({
    data: {
      id: SITE,
      slug: SITE,
      siteName: 'History',
      rootUri: 'http://h.test/',
      organisationId: 'history-facts-org',
    },
  })
  await prisma.page.createMany({
    data: PAGES.map((id) => ({ id, siteId: SITE, url: `http://h.test/${id}` })),
  })
  await prisma.pageIssue.createMany({
    data: ROWS.map(([pageId, category, issueId, outcome, conformance]) => ({
      siteId: SITE,
      pageId,
      pageUrl: `http://h.test/${pageId}`,
      scanId: 'history-facts-scan',
      category,
      issueId,
      title: issueId,
      description: '',
      issueLevel: 'A' as const,
      outcome: outcome as 'failed' | 'passed',
      wcagCriteria: [],
      conformance,
    })),
  })
})

afterAll(async () => {
  await prisma.$disconnect()
})

describe('the issue counts of a history point', () => {
  it('counts failures and passes of the site’s target, leaving accessibility advice out', async () => {
    const facts = await countHistoryFacts(prisma, SITE, PAGES)
    expect(facts.issueCount('accessibility', 'failed')).toBe(3)
    expect(facts.issueCount('accessibility', 'passed')).toBe(1)
    expect(facts.issueCount('seo', 'failed')).toBe(1)
    expect(facts.issueCount('performance', 'failed')).toBe(0)
  })
})
