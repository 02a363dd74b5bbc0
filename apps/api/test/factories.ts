import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { FeatureFlagName, SiteRole } from '@canopy/contracts'
import {
  ARTIFACT_FILES,
  hashPassword,
  type PrismaClient,
  pageArtifactsDir,
  type SectionOperator,
  setSiteFeatureFlag,
} from '@canopy/db'
import { SESSION_COOKIE } from '../src/plugins/app/auth.js'
import { createSecretToken, hashToken } from '../src/services/tokens.js'

/** Rows for tests, written through Prisma. Every name is unique so test files never collide. */
function unique(prefix: string): string {
  return `${prefix}-${randomBytes(5).toString('hex')}`
}

export const TEST_PASSWORD = 'Canopy-test-2026'

export interface UserFactoryOptions {
  email?: string
  firstName?: string
  lastName?: string
  /** hash TEST_PASSWORD (slow: argon2id); without it the user has no password */
  withPassword?: boolean
  verified?: boolean
  ssoProvider?: string
}

export async function createTestUser(prisma: PrismaClient, options: UserFactoryOptions = {}) {
  return prisma.user.create({
    data: {
      email: (options.email ?? `${unique('user')}@example.test`).toLowerCase(),
      firstName: options.firstName ?? 'Test',
      lastName: options.lastName ?? 'User',
      passwordHash: options.withPassword ? await hashPassword(TEST_PASSWORD) : null,
      emailVerifiedAt: options.verified === false ? null : new Date(),
      ssoProvider: options.ssoProvider ?? null,
    },
  })
}

export async function createTestOrganisation(
  prisma: PrismaClient,
  { adminUserId }: { adminUserId?: string } = {},
) {
  const slug = unique('org')
  return prisma.organisation.create({
    data: {
      slug,
      name: `Organisation ${slug}`,
      members: adminUserId ? { create: { userId: adminUserId, isAdministrator: true } } : undefined,
    },
  })
}

export interface SiteFactoryOptions {
  organisationId?: string
  siteName?: string
  rootUri?: string
  members?: { userId: string; role: SiteRole }[]
  /** flags switched on for this site only (a flagged screen's endpoints answer 404 while its flag is off) */
  featureFlags?: FeatureFlagName[]
}

export async function createTestSite(prisma: PrismaClient, options: SiteFactoryOptions = {}) {
  const organisationId = options.organisationId ?? (await createTestOrganisation(prisma)).id
  const slug = unique('site')
  const site = await prisma.site.create({
    data: {
      slug,
      siteName: options.siteName ?? `Site ${slug}`,
      rootUri: options.rootUri ?? `https://${slug}.example.test/`,
      organisationId,
      memberships: options.members ? { create: options.members } : undefined,
    },
  })
  await switchOnSiteFlags(prisma, site.id, options.featureFlags ?? [])
  return site
}

/** Switches the flags on for the site alone, through the repository the API uses. */
export async function switchOnSiteFlags(
  prisma: PrismaClient,
  siteId: string,
  names: readonly FeatureFlagName[],
) {
  for (const name of names) await setSiteFeatureFlag(prisma, { siteId, name, active: true })
}

export async function createTestGroup(
  prisma: PrismaClient,
  { siteId, memberIds, role }: { siteId: string; memberIds: string[]; role: SiteRole },
) {
  return prisma.group.create({
    data: {
      siteId,
      name: unique('group'),
      role,
      members: { create: memberIds.map((userId) => ({ userId })) },
    },
  })
}

export async function createTestSection(
  prisma: PrismaClient,
  {
    siteId,
    title,
    pagesInSection = 0,
    overallScore = null,
    conditions = [],
  }: {
    siteId: string
    title?: string
    pagesInSection?: number
    overallScore?: number | null
    conditions?: { operator: SectionOperator; value: string }[]
  },
) {
  const name = title ?? unique('Section')
  return prisma.section.create({
    data: {
      siteId,
      title: name,
      slug: unique(name.toLowerCase().replace(/[^a-z0-9]+/g, '-')),
      pagesInSection,
      overallScore,
      conditions: { create: conditions.map((condition, position) => ({ ...condition, position })) },
    },
  })
}

export async function createTestInvite(
  prisma: PrismaClient,
  {
    siteId,
    type,
    email,
    domain,
    expiresAt = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
    role = 'viewer',
  }: {
    siteId: string
    type: 'email' | 'link'
    email?: string
    domain?: string
    expiresAt?: Date
    role?: 'viewer' | 'editor' | 'admin'
  },
) {
  const token = createSecretToken()
  const invite = await prisma.invite.create({
    data: {
      siteId,
      type,
      email: email ?? null,
      domain: domain ?? null,
      tokenHash: hashToken(token),
      expiresAt,
      role,
    },
  })
  return { ...invite, token }
}

/** A signed-in "browser": the Cookie header of a fresh session of the user. */
export async function createSessionCookie(prisma: PrismaClient, userId: string): Promise<string> {
  const token = createSecretToken()
  await prisma.session.create({
    data: { id: hashToken(token), userId, expiresAt: new Date(Date.now() + 60 * 60 * 1000) },
  })
  return `${SESSION_COOKIE}=${token}`
}

/**
 * A site with an admin and a plain member, each signed in: the two sides of every "site admins only"
 * check.
 */
export async function createTestSiteWithAdminAndMember(
  prisma: PrismaClient,
  options: { rootUri?: string; featureFlags?: FeatureFlagName[] } = {},
) {
  const admin = await createTestUser(prisma)
  const member = await createTestUser(prisma)
  const site = await createTestSite(prisma, {
    rootUri: options.rootUri,
    featureFlags: options.featureFlags,
    members: [
      { userId: admin.id, role: 'admin' },
      { userId: member.id, role: 'viewer' },
    ],
  })
  return {
    admin,
    member,
    site,
    adminCookie: await createSessionCookie(prisma, admin.id),
    memberCookie: await createSessionCookie(prisma, member.id),
  }
}

/** The smallest valid PNG (1x1, transparent): what a full-page screenshot file looks like to the API. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

/**
 * A scanned page of a site with the files a scan leaves (artifacts layout of @canopy/db): a full-page
 * screenshot and an HTML snapshot, their paths recorded relative to the artifacts root as the worker does.
 */
/** The stored path (relative to the artifacts folder) of the element screenshot createTestPageWithArtifacts writes. */
export function testElementScreenshotPath(page: { screenshotPath: string | null }): string {
  if (!page.screenshotPath) throw new Error('the page has no stored files')
  return `${path.posix.dirname(page.screenshotPath)}/${ARTIFACT_FILES.elementScreenshot(0)}`
}

/** A scanned page with its full-page screenshot, an element screenshot (element-0.png) and its snapshot. */
export async function createTestPageWithArtifacts(
  prisma: PrismaClient,
  artifactsDir: string,
  { siteId, scanId, url, html }: { siteId: string; scanId: string; url?: string; html?: string },
) {
  const page = await prisma.page.create({
    data: { siteId, url: url ?? `https://${unique('page')}.example.test/`, title: 'A scanned page' },
  })
  const dir = pageArtifactsDir(artifactsDir, scanId, page.id)
  await mkdir(dir, { recursive: true })
  const screenshot = path.join(dir, ARTIFACT_FILES.fullPageScreenshot)
  const snapshot = path.join(dir, ARTIFACT_FILES.htmlSnapshot)
  await writeFile(screenshot, TINY_PNG)
  await writeFile(path.join(dir, ARTIFACT_FILES.elementScreenshot(0)), TINY_PNG)
  await writeFile(
    snapshot,
    html ?? '<!doctype html><html><head><title>Snapshot</title></head><body><h1>Hello</h1></body></html>',
  )
  return prisma.page.update({
    where: { id: page.id },
    data: {
      lastScanId: scanId,
      lastScannedAt: new Date(),
      screenshotPath: path.relative(artifactsDir, screenshot),
      snapshotPath: path.relative(artifactsDir, snapshot),
    },
  })
}

/** A completed site scan of the site, numbered as the worker numbers them. */
export async function createTestCompletedScan(
  prisma: PrismaClient,
  { siteId, number, finishedAt = new Date() }: { siteId: string; number: number; finishedAt?: Date },
) {
  return prisma.scan.create({
    data: {
      siteId,
      kind: 'site',
      state: 'completed',
      pageLimit: 100,
      number,
      queuedAt: finishedAt,
      startedAt: finishedAt,
      finishedAt,
    },
  })
}

/** A page as a scan leaves it: its scores and counts are the list columns. */
export async function createTestPage(
  prisma: PrismaClient,
  {
    siteId,
    url,
    ...fields
  }: { siteId: string; url: string } & Partial<
    Omit<Parameters<PrismaClient['page']['create']>[0]['data'], 'site' | 'siteId' | 'url'>
  >,
) {
  return prisma.page.create({ data: { siteId, url, lastScannedAt: new Date(), ...fields } as never })
}

export interface TestPageIssueOptions {
  siteId: string
  pageId: string
  scanId: string
  issueId: string
  category?: 'accessibility' | 'seo' | 'performance' | 'content_quality'
  outcome?: 'failed' | 'manual' | 'passed' | 'not_applicable'
  issueLevel?: 'A' | 'AA' | 'AAA' | 'Error' | 'Manual'
  nodeCount?: number
  failingSinceScanId?: string | null
  fixedInScanId?: string | null
  elementSignatures?: string[]
}

/** One audit's latest outcome on a page, with its lifecycle columns. */
export async function createTestPageIssue(prisma: PrismaClient, options: TestPageIssueOptions) {
  const failing = (options.outcome ?? 'failed') === 'failed'
  const page = await prisma.page.findUniqueOrThrow({ where: { id: options.pageId }, select: { url: true } })
  return prisma.pageIssue.create({
    data: {
      siteId: options.siteId,
      pageId: options.pageId,
      pageUrl: page.url,
      scanId: options.scanId,
      category: options.category ?? 'accessibility',
      issueId: options.issueId,
      title: `${options.issueId} title`,
      description: `${options.issueId} description`,
      issueLevel: options.issueLevel ?? 'AA',
      outcome: options.outcome ?? 'failed',
      wcagCriteria: ['1.4.3'],
      nodeCount: options.nodeCount ?? (failing ? 1 : 0),
      failingSinceScanId: options.failingSinceScanId ?? (failing ? options.scanId : null),
      failingSinceAt: failing ? new Date() : null,
      lastFailedScanId: failing ? options.scanId : null,
      lastFailedAt: failing ? new Date() : null,
      fixedInScanId: options.fixedInScanId ?? null,
      fixedAt: options.fixedInScanId ? new Date() : null,
      elementSignatures: options.elementSignatures ?? [],
    },
  })
}

export interface TestIssueSummaryOptions {
  siteId: string
  scanId: string
  issueId: string
  scopeId?: string
  category?: 'accessibility' | 'seo' | 'performance' | 'content_quality'
  title?: string
  issueLevel?: 'A' | 'AA' | 'AAA' | 'Error' | 'Manual'
  pagesFailed?: number
  pagesManual?: number
  nodesFailed?: number
  pagesNew?: number
  pagesFixed?: number
}

/** An issue's roll-up row, as the worker writes it when a scan finalizes. */
export async function createTestIssueSummary(prisma: PrismaClient, options: TestIssueSummaryOptions) {
  return prisma.issueSummary.create({
    data: {
      siteId: options.siteId,
      scopeId: options.scopeId ?? '',
      category: options.category ?? 'accessibility',
      issueId: options.issueId,
      title: options.title ?? `${options.issueId} title`,
      description: `${options.issueId} description`,
      issueLevel: options.issueLevel ?? 'AA',
      wcagCriteria: ['1.4.3'],
      pagesFailed: options.pagesFailed ?? 1,
      pagesManual: options.pagesManual ?? 0,
      nodesFailed: options.nodesFailed ?? options.pagesFailed ?? 1,
      pagesNew: options.pagesNew ?? 0,
      pagesFixed: options.pagesFixed ?? 0,
      firstSeenAt: new Date('2026-01-05T10:00:00Z'),
      scanId: options.scanId,
    },
  })
}

/** A template problem: one element failing an audit alike on several pages. */
export async function createTestIssueTemplate(
  prisma: PrismaClient,
  options: {
    siteId: string
    scanId: string
    issueId: string
    signature: string
    pageCount: number
    clearsPages?: number
    scopeId?: string
    category?: 'accessibility' | 'seo' | 'performance' | 'content_quality'
  },
) {
  return prisma.issueTemplate.create({
    data: {
      siteId: options.siteId,
      scopeId: options.scopeId ?? '',
      category: options.category ?? 'accessibility',
      issueId: options.issueId,
      signature: options.signature,
      selector: 'header > nav img',
      snippet: '<img src="logo.png">',
      pageCount: options.pageCount,
      clearsPages: options.clearsPages ?? options.pageCount,
      scanId: options.scanId,
    },
  })
}

/** A document the site links to, linked from the given pages. */
export async function createTestDocument(
  prisma: PrismaClient,
  {
    siteId,
    url,
    kind = 'pdf',
    pageIds = [],
    ...fields
  }: {
    siteId: string
    url: string
    kind?: 'pdf' | 'doc' | 'spreadsheet' | 'powerpoint' | 'archive' | 'media'
    pageIds?: string[]
    title?: string | null
    size?: number | null
    pageCount?: number | null
    isTagged?: boolean | null
    isScanned?: boolean | null
    language?: string | null
    checkedAt?: Date | null
    mediaType?: 'image' | 'audio' | 'video' | null
  },
) {
  return prisma.document.create({
    data: {
      siteId,
      url,
      kind,
      ...fields,
      occurrences: { create: pageIds.map((pageId) => ({ pageId })) },
    },
  })
}

/** A contact (e-mail address or telephone number) of the site, found on the given pages that many times. */
export async function createTestContact(
  prisma: PrismaClient,
  {
    siteId,
    kind,
    value,
    valid = true,
    pages = [],
  }: {
    siteId: string
    kind: 'email' | 'telephone'
    value: string
    valid?: boolean
    pages?: { pageId: string; count?: number }[]
  },
) {
  return prisma.contact.create({
    data: {
      siteId,
      kind,
      value,
      valid,
      occurrences: { create: pages.map(({ pageId, count = 1 }) => ({ pageId, count })) },
    },
  })
}

/** A misspelt word of a site with its occurrences on pages (count per page). */
export async function createTestMisspelling(
  prisma: PrismaClient,
  {
    siteId,
    word,
    language = 'en',
    pages = [],
  }: { siteId: string; word: string; language?: string; pages?: { pageId: string; count: number }[] },
) {
  // The totals a finalized scan keeps on the row.
  const totalCount = pages.reduce((sum, page) => sum + page.count, 0)
  return prisma.misspelling.create({
    data: { siteId, word, language, totalCount, pageCount: pages.length, occurrences: { create: pages } },
  })
}

/** A link the site's pages link to, as the link check left it, with one anchor (or image) per page given. */
export async function createTestLink(
  prisma: PrismaClient,
  {
    siteId,
    url,
    pageIds = [],
    kind = 'anchor',
    ...fields
  }: {
    siteId: string
    url: string
    pageIds?: string[]
    kind?: 'anchor' | 'image'
    isInternal?: boolean
    status?: number | null
    error?: string | null
    isBroken?: boolean
    isUnverified?: boolean
    riskType?: string | null
    firstSeenAt?: Date
  },
) {
  return prisma.link.create({
    data: {
      siteId,
      url,
      isInternal: fields.isInternal ?? false,
      checkedAt: new Date(),
      ...fields,
      occurrences: { create: pageIds.map((pageId) => ({ pageId, kind })) },
    },
  })
}
