import { execFile } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { PASSWORD_RULE_DESCRIPTION } from '@canopy/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAdministrator } from '../src/admin/create-administrator.js'
import { createPrismaClient } from '../src/client.js'
import { verifyPassword } from '../src/passwords.js'
import { createTestDatabase, type TestDatabase } from '../src/testing.js'

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..')

describe('createAdministrator', () => {
  let database: TestDatabase
  let prisma: ReturnType<typeof createPrismaClient>

  beforeAll(async () => {
    database = await createTestDatabase(process.env.DATABASE_URL, { prefix: 'canopy_it_admin' })
    prisma = createPrismaClient(database.databaseUrl)
  })
  afterAll(async () => {
    await prisma.$disconnect()
    await database.drop()
  })

  async function countRows() {
    return { users: await prisma.user.count(), organisations: await prisma.organisation.count() }
  }

  /** Runs `pnpm --filter @canopy/db run create-admin` as the Docker image does: NODE_ENV=production, no terminal. */
  async function runCli(args: string[], stdin: string) {
    const running = promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/admin/cli.ts', ...args], {
      cwd: packageDir,
      env: { ...process.env, DATABASE_URL: database.databaseUrl, NODE_ENV: 'production' },
    })
    running.child.stdin?.end(stdin)
    return running
  }

  it('makes a verified user who administers a new organisation and can sign in', async () => {
    const created = await createAdministrator(prisma, {
      email: ' Owner@Example.ORG ',
      firstName: ' Ada ',
      lastName: 'Owner',
      password: 'Kestrel-Harbour-41',
      organisationName: ' Example Council ',
    })

    const user = await prisma.user.findUniqueOrThrow({
      where: { id: created.user.id },
      include: { organisations: { include: { organisation: true } } },
    })
    expect(user).toMatchObject({
      email: 'owner@example.org',
      firstName: 'Ada',
      lastName: 'Owner',
      isStaff: false,
    })
    expect(user.emailVerifiedAt).toBeInstanceOf(Date)
    expect(user.passwordHash).toMatch(/^\$argon2id\$/)
    expect(await verifyPassword(user.passwordHash, 'Kestrel-Harbour-41')).toBe(true)
    expect(user.organisations).toHaveLength(1)
    expect(user.organisations[0]).toMatchObject({
      isAdministrator: true,
      organisation: { slug: 'example-council', name: 'Example Council', emailAddress: 'owner@example.org' },
    })
    expect(created.organisation).toEqual({
      id: user.organisations[0]?.organisationId,
      slug: 'example-council',
      name: 'Example Council',
    })
  })

  it('gives a second organisation of the same name the next free slug', async () => {
    const created = await createAdministrator(prisma, {
      email: 'second@example.org',
      firstName: 'Bo',
      lastName: 'Second',
      password: 'Kestrel-Harbour-42',
      organisationName: 'Example Council',
    })
    expect(created.organisation.slug).toBe('example-council-2')
  })

  it('refuses an e-mail that already belongs to a user, whatever its case, and creates nothing', async () => {
    const before = await countRows()
    await expect(
      createAdministrator(prisma, {
        email: 'OWNER@example.org',
        firstName: 'Eve',
        lastName: 'Intruder',
        password: 'Osprey-Lantern-43',
        organisationName: 'Takeover',
      }),
    ).rejects.toThrow('A user with the e-mail owner@example.org already exists.')
    expect(await countRows()).toEqual(before)
    const owner = await prisma.user.findUniqueOrThrow({ where: { email: 'owner@example.org' } })
    expect(await verifyPassword(owner.passwordHash, 'Kestrel-Harbour-41')).toBe(true)
  })

  it('holds the password to the password rule and says what the rule is', async () => {
    const before = await countRows()
    // too short; long enough but common; made of the administrator's own name
    for (const password of ['password', 'password1234', 'wesweakwesweak']) {
      await expect(
        createAdministrator(prisma, {
          email: 'weak@example.org',
          firstName: 'Wes',
          lastName: 'Weak',
          password,
          organisationName: 'Weak Org',
        }),
        password,
      ).rejects.toThrow(PASSWORD_RULE_DESCRIPTION)
    }
    expect(await countRows()).toEqual(before)
  })

  it('runs as a command under NODE_ENV=production, reading the password from stdin', async () => {
    const args = ['--email', 'ops@example.org', '--first-name', 'Olga', '--last-name', 'Ops']
    const { stdout } = await runCli(
      [...args, '--organisation', 'Ops Team'],
      'Heron-Compass-44\nignored second line\n',
    )

    expect(stdout).toContain('Created the administrator ops@example.org and the organisation "Ops Team"')
    const user = await prisma.user.findUniqueOrThrow({ where: { email: 'ops@example.org' } })
    expect(await verifyPassword(user.passwordHash, 'Heron-Compass-44')).toBe(true)
    expect(user.emailVerifiedAt).toBeInstanceOf(Date)
  })

  it('refuses a password given on the command line, and missing details when there is no terminal', async () => {
    const before = await countRows()
    const args = [
      '--email',
      'cli@example.org',
      '--first-name',
      'Cy',
      '--last-name',
      'Cli',
      '--organisation',
      'Cli',
    ]

    await expect(runCli([...args, '--password=Cli-pass-5'], '')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('The password is never taken from the command line'),
    })
    await expect(runCli(['--email', 'cli@example.org'], 'Cli-pass-5\n')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('give --first-name, --last-name, --organisation'),
    })
    expect(await countRows()).toEqual(before)
  })
})
