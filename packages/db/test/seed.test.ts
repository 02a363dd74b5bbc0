import { execFile } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createPrismaClient } from '../src/client.js'
import { hashPassword, verifyPassword } from '../src/passwords.js'
import {
  DEMO_SEED_IN_PRODUCTION_MESSAGE,
  DEMO_SITE_FEATURE_FLAGS,
  FEATURE_FLAGS,
  seedDemo,
} from '../src/seed/index.js'
import {
  createTestDatabase,
  databaseExists,
  randomDatabaseName,
  replaceDatabaseName,
  type TestDatabase,
} from '../src/testing.js'

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..')

describe('seedDemo', () => {
  let database: TestDatabase
  let prisma: ReturnType<typeof createPrismaClient>

  beforeAll(async () => {
    // Its own database: the run's shared one belongs to the API tests, which seed as they need.
    database = await createTestDatabase(process.env.DATABASE_URL, { prefix: 'canopy_it_seed' })
    prisma = createPrismaClient(database.databaseUrl)
  })
  afterAll(async () => {
    await prisma.$disconnect()
    await database.drop()
  })

  /** Every row the seed may touch, timestamps included. */
  async function snapshot() {
    return {
      flags: await prisma.featureFlag.findMany({ orderBy: { name: 'asc' } }),
      organisations: await prisma.organisation.findMany({ include: { subscription: true, members: true } }),
      users: await prisma.user.findMany({ orderBy: { email: 'asc' } }),
      sites: await prisma.site.findMany({ include: { memberships: { orderBy: { userId: 'asc' } } } }),
      sections: await prisma.section.findMany({ include: { conditions: true }, orderBy: { slug: 'asc' } }),
      alerts: await prisma.alert.findMany(),
    }
  }

  it('makes the demo organisation, users, site, sections, flags and alert', async () => {
    const result = await seedDemo(prisma, {
      email: 'Demo@Canopy.Example',
      password: 'Canopy-demo-2026',
      siteUrl: 'http://127.0.0.1:8090/',
    })

    const flags = await prisma.featureFlag.findMany()
    expect(flags).toHaveLength(13)
    expect(flags.map((f) => f.name).sort()).toEqual(FEATURE_FLAGS.map((f) => f.name).sort())
    for (const flag of flags) {
      expect(flag.active).toBe(false)
      expect(flag.description.length).toBeGreaterThan(10)
    }
    const siteFlags = await prisma.siteFeatureFlag.findMany({ where: { siteId: result.siteId } })
    expect(siteFlags.map((f) => [f.name, f.active]).sort()).toEqual(
      DEMO_SITE_FEATURE_FLAGS.map((name) => [name, true]).sort(),
    )

    const organisation = await prisma.organisation.findUniqueOrThrow({
      where: { id: result.organisationId },
      include: { subscription: true, members: true },
    })
    expect(organisation.name).toBe('Canopy Demo')
    expect(organisation.subscription).toMatchObject({ status: 'active', scanLimit: 500 })

    const admin = await prisma.user.findUniqueOrThrow({ where: { email: 'demo@canopy.example' } })
    const member = await prisma.user.findUniqueOrThrow({ where: { email: 'member@canopy.example' } })
    expect(result.admin).toEqual({ id: admin.id, email: 'demo@canopy.example', passwordChanged: false })
    for (const user of [admin, member]) {
      expect(user.emailVerifiedAt).toBeInstanceOf(Date)
      expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
      expect(await verifyPassword(user.passwordHash, 'Canopy-demo-2026')).toBe(true)
      expect(await verifyPassword(user.passwordHash, 'canopy-demo-2026')).toBe(false)
    }
    expect(organisation.members.map((m) => [m.userId, m.isAdministrator]).sort()).toEqual(
      [
        [admin.id, true],
        [member.id, false],
      ].sort(),
    )

    const site = await prisma.site.findUniqueOrThrow({
      where: { slug: 'demo' },
      include: { memberships: true, sections: { include: { conditions: true } } },
    })
    expect(site).toMatchObject({
      siteName: 'Canopy Demo Site',
      rootUri: 'http://127.0.0.1:8090/',
      organisationId: organisation.id,
      productVersion: '2.1.1',
      isPaying: true,
      maximumPageLimitPerScan: 100,
      firstScanCompleted: false,
    })
    expect(Object.fromEntries(site.memberships.map((m) => [m.userId, m.role]))).toEqual({
      [admin.id]: 'admin',
      [member.id]: 'viewer',
    })
    expect(
      site.sections
        .map((s) => [s.title, s.conditions.map((c) => [c.matchType, c.source, c.operator, c.value])])
        .sort(),
    ).toEqual([
      ['About us', [['Includes', 'Path', 'StartsWith', '/about']]],
      ['News', [['Includes', 'Path', 'StartsWith', '/news']]],
      ['Services', [['Includes', 'Path', 'StartsWith', '/services']]],
    ])
    for (const section of site.sections) {
      expect(section).toMatchObject({ pagesInSection: 0, overallScore: null, hasFirstScanned: false })
    }

    const alerts = await prisma.alert.findMany()
    expect(alerts).toHaveLength(1)
    expect(alerts[0]?.siteId).toBeNull()

    // Scores and results come from real scans only.
    expect(await prisma.scan.count()).toBe(0)
    expect(await prisma.page.count()).toBe(0)
    expect(await prisma.historyPoint.count()).toBe(0)
  })

  it('changes nothing when run again', async () => {
    const before = await snapshot()
    const result = await seedDemo(prisma, { email: 'demo@canopy.example', password: 'Canopy-demo-2026' })
    expect(await snapshot()).toEqual(before)
    expect([result.admin.passwordChanged, result.member.passwordChanged]).toEqual([false, false])
  })

  it('gives the demo organisation its single sign-on provider for the demo SSO domain, secret sealed', async () => {
    const sso = {
      issuerUrl: 'http://127.0.0.1:8094',
      clientId: 'demo',
      clientSecret: 'demo-secret',
      domain: 'sso.canopy.example',
    }
    const result = await seedDemo(prisma, { sso })
    const provider = await prisma.ssoProvider.findUniqueOrThrow({
      where: { id: 'canopy-demo-sso' },
      include: { domains: true },
    })
    expect(provider).toMatchObject({
      organisationId: result.organisationId,
      issuerUrl: sso.issuerUrl,
      clientId: 'demo',
      enabled: true,
    })
    expect(provider.domains.map((row) => row.domain)).toEqual(['sso.canopy.example'])
    expect(provider.clientSecretSealed).not.toContain('demo-secret')
    await seedDemo(prisma, { sso })
    expect(await prisma.ssoProvider.findUniqueOrThrow({ where: { id: 'canopy-demo-sso' } })).toEqual(
      expect.objectContaining({
        clientSecretSealed: provider.clientSecretSealed,
      }),
    )
  })

  /** `pnpm db:seed` on the test database, as scripts/start runs it; its output lines. */
  async function runSeedCli(): Promise<string[]> {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/seed/cli.ts'], {
      cwd: packageDir,
      env: {
        ...process.env,
        DATABASE_URL: database.databaseUrl,
        DEMO_EMAIL: 'demo@canopy.example',
        DEMO_PASSWORD: 'Canopy-demo-2026',
      },
    })
    return stdout.trimEnd().split('\n')
  }

  it('prints the demo login as the last line of `pnpm db:seed`', async () => {
    expect((await runSeedCli()).at(-1)).toBe('Demo login: demo@canopy.example Canopy-demo-2026')
  })

  it('keeps a changed password and other edits, restores the e-mail verification, and says the password changed', async () => {
    const admin = await prisma.user.update({
      where: { email: 'demo@canopy.example' },
      data: {
        firstName: 'Renamed',
        emailVerifiedAt: null,
        passwordHash: await hashPassword('Changed-pass-1'),
      },
    })
    await prisma.site.update({ where: { slug: 'demo' }, data: { siteName: 'My demo' } })

    const result = await seedDemo(prisma, { email: 'demo@canopy.example', password: 'Canopy-demo-2026' })

    const after = await prisma.user.findUniqueOrThrow({ where: { id: admin.id } })
    expect(after.firstName).toBe('Renamed')
    expect(after.emailVerifiedAt).toBeInstanceOf(Date)
    expect(after.passwordHash).toBe(admin.passwordHash)
    expect(await verifyPassword(after.passwordHash, 'Changed-pass-1')).toBe(true)
    expect(await verifyPassword(after.passwordHash, 'Canopy-demo-2026')).toBe(false)
    expect(result.admin).toEqual({ id: admin.id, email: 'demo@canopy.example', passwordChanged: true })
    expect(result.member.passwordChanged).toBe(false)
    expect((await prisma.site.findUniqueOrThrow({ where: { slug: 'demo' } })).siteName).toBe('My demo')
  })

  it('never resets a demo password to another DEMO_PASSWORD either', async () => {
    const member = await prisma.user.findUniqueOrThrow({ where: { email: 'member@canopy.example' } })
    const result = await seedDemo(prisma, { email: 'demo@canopy.example', password: 'Another-pass-2' })
    const after = await prisma.user.findUniqueOrThrow({ where: { id: member.id } })
    expect(after.passwordHash).toBe(member.passwordHash)
    expect(result.member.passwordChanged).toBe(true)
  })

  it('prints no password that does not work once the demo admin changed it', async () => {
    const lines = await runSeedCli()
    expect(lines.at(-1)).toBe('Demo login: demo@canopy.example (password changed since seeding)')
    expect(lines.at(-2)).toBe('Demo member: member@canopy.example Canopy-demo-2026')
  })

  describe('under NODE_ENV=production', () => {
    afterEach(() => {
      vi.unstubAllEnvs()
    })

    it('refuses to seed and changes nothing', async () => {
      const before = await snapshot()
      vi.stubEnv('NODE_ENV', 'production')
      await expect(seedDemo(prisma)).rejects.toThrow(DEMO_SEED_IN_PRODUCTION_MESSAGE)
      expect(await snapshot()).toEqual(before)
    })

    it('makes `pnpm db:seed` fail before it connects to the database', async () => {
      // A database that does not exist: a seed that tried to connect would fail with another message.
      const databaseUrl = replaceDatabaseName(database.databaseUrl, randomDatabaseName('canopy_it_never'))
      const seeding = promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/seed/cli.ts'], {
        cwd: packageDir,
        env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'production' },
      })
      await expect(seeding).rejects.toMatchObject({
        code: 1,
        stdout: '',
        stderr: `${DEMO_SEED_IN_PRODUCTION_MESSAGE}\n`,
      })
      expect(await databaseExists(databaseUrl)).toBe(false)
    })
  })
})
