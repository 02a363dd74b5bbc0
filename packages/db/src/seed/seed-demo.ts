import { FEATURE_FLAGS, type FeatureFlagName } from '@canopy/contracts'
import type { PrismaClient, User } from '../generated/prisma/client.js'
import { hashPassword, verifyPassword } from '../passwords.js'
import { ensureDemoIntegrations } from './demo-integrations.js'
import { type DemoSsoOptions, ensureDemoSsoProvider } from './demo-sso.js'

export const DEFAULT_DEMO_EMAIL = 'demo@canopy.example'
export const DEFAULT_DEMO_PASSWORD = 'Canopy-demo-2026'
export const DEFAULT_DEMO_MEMBER_EMAIL = 'member@canopy.example'
export const DEFAULT_DEMO_SITE_URL = 'http://127.0.0.1:8090/'
export const DEMO_ORGANISATION_SLUG = 'canopy-demo'
export const DEMO_SITE_SLUG = 'demo'

// Rows without a natural unique key get fixed ids, so that a second run finds them again.
const WELCOME_ALERT_ID = 'seed-welcome-alert'

/**
 * The flags of the screens the demo shows, switched on for the demo site only (the global values stay off):
 * uptime, the sitemap and scan settings, orphaned pages, the media and PDF lists, billing and adding a
 * single page.
 */
export const DEMO_SITE_FEATURE_FLAGS: readonly FeatureFlagName[] = [
  'inventory/media',
  'accessibility/pdfs',
  'seo/orphaned-pages',
  'performance/uptime',
  'settings/scans',
  'settings/sitemaps',
  'settings/accountbilling',
  'add-single-page-scan',
]

const DEMO_SECTIONS = [
  { slug: 'news', title: 'News', description: 'News articles and press releases.', path: '/news' },
  {
    slug: 'services',
    title: 'Services',
    description: 'The services the organisation offers.',
    path: '/services',
  },
  { slug: 'about-us', title: 'About us', description: 'Who we are and how to reach us.', path: '/about' },
] as const

export interface SeedDemoOptions {
  /** the demo administrator's e-mail; DEMO_EMAIL or demo@canopy.example */
  email?: string
  /** the password of both demo users; DEMO_PASSWORD or Canopy-demo-2026 */
  password?: string
  /** the demo member's e-mail (a non-admin member of the demo site) */
  memberEmail?: string
  /** the demo site's root URL; DEMO_SITE_URL or the fixture site at http://127.0.0.1:8090/ */
  siteUrl?: string
  /**
   * the Web Risk API the demo site's links are checked against (DEMO_WEB_RISK_URL: ./scripts/start points
   * it at the local fake) and its key (DEMO_WEB_RISK_KEY); without both the integration is left off
   */
  webRisk?: { baseUrl: string; apiKey: string }
  /**
   * the issue tracker (Jira Cloud REST) the demo site's tickets go to (DEMO_JIRA_URL: ./scripts/start points
   * it at the local fake) with DEMO_JIRA_EMAIL, DEMO_JIRA_TOKEN and DEMO_JIRA_PROJECT; without them it is left off
   */
  jira?: { baseUrl: string; email: string; apiKey: string; projectKey: string }
  /**
   * the demo organisation's single sign-on (DEMO_SSO_ISSUER_URL, DEMO_SSO_CLIENT_ID, DEMO_SSO_CLIENT_SECRET,
   * DEMO_SSO_DOMAIN: ./scripts/start points it at the local OpenID provider); without them there is none
   */
  sso?: DemoSsoOptions
}

export interface SeededDemoUser {
  id: string
  email: string
  /** the demo password no longer signs them in: it was changed (or removed) since seeding, and is kept */
  passwordChanged: boolean
}

export interface SeedDemoResult {
  organisationId: string
  siteId: string
  siteSlug: string
  admin: SeededDemoUser
  member: SeededDemoUser
  /** the demo password: what a demo user gets when created, and what `passwordChanged` is checked against */
  password: string
}

export const DEMO_SEED_IN_PRODUCTION_MESSAGE =
  'Refusing to seed the demo: NODE_ENV is production. The demo users have published passwords and are ' +
  'for local trials only; create the first administrator with scripts/create-admin (the Docker image: ' +
  'create-admin) instead.'

/** The demo's users have published passwords, so a production environment never gets them. */
export function refuseDemoSeedInProduction(): void {
  if (process.env.NODE_ENV === 'production') throw new Error(DEMO_SEED_IN_PRODUCTION_MESSAGE)
}

/**
 * Makes sure the demo exists: the feature flags, the "Canopy Demo" organisation with its
 * subscription, an administrator and a member, the demo site with three sections and the flags of its
 * screens switched on for it, and a dashboard alert. Idempotent: what exists is left as it is (a second run changes no row), except that the
 * demo users' e-mail verification and expiry are restored. A demo user's password is set only when the
 * user is created: one changed since is never reset (the result tells, so that the password printed is
 * never one that fails).
 * No scores or scan results are made up: those come from real scans. Refuses to run when
 * NODE_ENV=production.
 */
export async function seedDemo(prisma: PrismaClient, options: SeedDemoOptions = {}): Promise<SeedDemoResult> {
  refuseDemoSeedInProduction()
  const email = (options.email ?? process.env.DEMO_EMAIL ?? DEFAULT_DEMO_EMAIL).trim().toLowerCase()
  const password = options.password ?? process.env.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD
  const memberEmail = (options.memberEmail ?? DEFAULT_DEMO_MEMBER_EMAIL).trim().toLowerCase()
  const siteUrl = options.siteUrl ?? process.env.DEMO_SITE_URL ?? DEFAULT_DEMO_SITE_URL
  if (email === memberEmail) throw new Error(`The demo admin and member need different e-mails (${email})`)

  await seedFeatureFlags(prisma)

  const organisation = await ensureDemoOrganisation(prisma, email)

  const admin = await ensureDemoUser(prisma, { email, firstName: 'Demo', lastName: 'Admin', password })
  const member = await ensureDemoUser(prisma, {
    email: memberEmail,
    firstName: 'Demo',
    lastName: 'Member',
    password,
  })
  const demoUsers = { adminId: admin.user.id, memberId: member.user.id }
  await ensureOrganisationMembers(prisma, organisation.id, demoUsers)
  const site = await ensureDemoSite(prisma, { siteUrl, organisationId: organisation.id, ...demoUsers })
  await ensureDemoSections(prisma, site.id)
  await ensureDemoSiteFlags(prisma, site.id)
  await ensureDemoIntegrations(prisma, site.id, options)
  await ensureDemoSsoProvider(prisma, organisation.id, options.sso)
  await ensureWelcomeAlert(prisma)

  return {
    organisationId: organisation.id,
    siteId: site.id,
    siteSlug: site.slug,
    admin: { id: admin.user.id, email: admin.user.email, passwordChanged: admin.passwordChanged },
    member: { id: member.user.id, email: member.user.email, passwordChanged: member.passwordChanged },
    password,
  }
}

interface DemoUserIds {
  adminId: string
  memberId: string
}

/** The demo organisation and its subscription; both left as they are when they exist. */
async function ensureDemoOrganisation(prisma: PrismaClient, email: string) {
  const organisation = await prisma.organisation.upsert({
    where: { slug: DEMO_ORGANISATION_SLUG },
    create: {
      slug: DEMO_ORGANISATION_SLUG,
      name: 'Canopy Demo',
      subType: 'plus',
      isBusinessOrOrganisation: true,
      emailAddress: email,
      location: {
        addressLine1: '1 Demo Street',
        townOrCity: 'London',
        postcode: 'EC1A 1AA',
        country: 'United Kingdom',
      },
    },
    update: {},
  })
  // The 500-pages monthly tier, paid outside the payment provider.
  await prisma.subscription.upsert({
    where: { organisationId: organisation.id },
    create: {
      organisationId: organisation.id,
      type: 'monthly',
      status: 'active',
      scanLimit: 500,
      quantity: 1,
      billingAmount: '60.00',
      billingPeriod: 'monthly',
      providerManaged: false,
    },
    update: {},
  })
  return organisation
}

/** The administrator is (again) an administrator of the organisation; the member joins as a plain member. */
async function ensureOrganisationMembers(
  prisma: PrismaClient,
  organisationId: string,
  { adminId, memberId }: DemoUserIds,
): Promise<void> {
  await prisma.organisationMember.upsert({
    where: { organisationId_userId: { organisationId, userId: adminId } },
    create: { organisationId, userId: adminId, isAdministrator: true },
    update: { isAdministrator: true },
  })
  await prisma.organisationMember.upsert({
    where: { organisationId_userId: { organisationId, userId: memberId } },
    create: { organisationId, userId: memberId, isAdministrator: false },
    update: {},
  })
}

/** The demo site, with the administrator as (again) its admin and the member as a plain member. */
async function ensureDemoSite(
  prisma: PrismaClient,
  { siteUrl, organisationId, adminId, memberId }: DemoUserIds & { siteUrl: string; organisationId: string },
) {
  const site = await prisma.site.upsert({
    where: { slug: DEMO_SITE_SLUG },
    create: {
      slug: DEMO_SITE_SLUG,
      siteName: 'Canopy Demo Site',
      rootUri: siteUrl,
      organisationId,
      productVersion: '2.1.1',
      isPaying: true,
      maximumPageLimitPerScan: 100,
    },
    update: {},
  })
  await prisma.siteMembership.upsert({
    where: { siteId_userId: { siteId: site.id, userId: adminId } },
    create: { siteId: site.id, userId: adminId, role: 'admin' },
    update: { role: 'admin' },
  })
  await prisma.siteMembership.upsert({
    where: { siteId_userId: { siteId: site.id, userId: memberId } },
    create: { siteId: site.id, userId: memberId, role: 'viewer' },
    update: {},
  })
  return site
}

/** The demo site's sections, each matching the pages under its path; existing ones are left as they are. */
async function ensureDemoSections(prisma: PrismaClient, siteId: string): Promise<void> {
  for (const section of DEMO_SECTIONS) {
    await prisma.section.upsert({
      where: { siteId_slug: { siteId, slug: section.slug } },
      create: {
        siteId,
        slug: section.slug,
        title: section.title,
        description: section.description,
        conditions: {
          create: [
            {
              position: 0,
              matchType: 'Includes',
              source: 'Path',
              operator: 'StartsWith',
              value: section.path,
            },
          ],
        },
      },
      update: {},
    })
  }
}

/** The dashboard's welcome alert, found again by its fixed id. */
async function ensureWelcomeAlert(prisma: PrismaClient): Promise<void> {
  await prisma.alert.upsert({
    where: { id: WELCOME_ALERT_ID },
    create: {
      id: WELCOME_ALERT_ID,
      siteId: null,
      title: 'Welcome to Canopy',
      description:
        'Canopy checks your sites for accessibility, SEO, performance and content quality. ' +
        'Scores appear here after the first scan of a site.',
    },
    update: {},
  })
}

/**
 * Switches the demo's flags on for the demo site when it has no value of its own for them: one switched
 * off since (on the flag switcher) stays off.
 */
async function ensureDemoSiteFlags(prisma: PrismaClient, siteId: string): Promise<void> {
  await prisma.siteFeatureFlag.createMany({
    data: DEMO_SITE_FEATURE_FLAGS.map((name) => ({ siteId, name, active: true })),
    skipDuplicates: true,
  })
}

/** Creates the missing flags and refreshes changed descriptions; never switches a flag on or off. */
async function seedFeatureFlags(prisma: PrismaClient): Promise<void> {
  const existing = new Map(
    (await prisma.featureFlag.findMany({ select: { name: true, description: true } })).map((flag) => [
      flag.name,
      flag.description,
    ]),
  )
  const missing = FEATURE_FLAGS.filter((flag) => !existing.has(flag.name))
  if (missing.length > 0) {
    await prisma.featureFlag.createMany({
      data: missing.map((flag) => ({ name: flag.name, description: flag.description, active: false })),
      skipDuplicates: true,
    })
  }
  for (const flag of FEATURE_FLAGS) {
    const description = existing.get(flag.name)
    if (description !== undefined && description !== flag.description) {
      await prisma.featureFlag.update({ where: { name: flag.name }, data: { description: flag.description } })
    }
  }
}

/**
 * Creates the demo user with the demo password, or leaves an existing one's password as it is: a
 * changed password is the user's, and resetting it would hand the account back to anyone who read the
 * demo's published password. Only a missing e-mail verification and a past expiry are restored.
 */
async function ensureDemoUser(
  prisma: PrismaClient,
  input: { email: string; firstName: string; lastName: string; password: string },
): Promise<{ user: User; passwordChanged: boolean }> {
  const existing = await prisma.user.findUnique({ where: { email: input.email } })
  if (!existing) {
    const user = await prisma.user.create({
      data: {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash: await hashPassword(input.password),
        emailVerifiedAt: new Date(),
      },
    })
    return { user, passwordChanged: false }
  }
  const passwordChanged = !(await verifyPassword(existing.passwordHash, input.password))
  const repairs: { emailVerifiedAt?: Date; accountExpiry?: null } = {}
  if (!existing.emailVerifiedAt) repairs.emailVerifiedAt = new Date()
  if (existing.accountExpiry && existing.accountExpiry <= new Date()) repairs.accountExpiry = null
  if (Object.keys(repairs).length === 0) return { user: existing, passwordChanged }
  return { user: await prisma.user.update({ where: { id: existing.id }, data: repairs }), passwordChanged }
}
