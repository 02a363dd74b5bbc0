import '../load-env.js'
import { createPrismaClient } from '../client.js'
import { DEFAULT_DATABASE_URL, redactDatabaseUrl } from '../database-server.js'
import { refuseDemoSeedInProduction, type SeededDemoUser, seedDemo } from './seed-demo.js'

/** `<email> <password>`, or, when the demo password no longer works, no password but the reason. */
function describeLogin(user: SeededDemoUser, password: string): string {
  return user.passwordChanged ? `${user.email} (password changed since seeding)` : `${user.email} ${password}`
}

// `pnpm db:seed`: the demo organisation, users and site on a migrated DATABASE_URL. The last line is
// read by scripts (scripts/start prints it to the user), so it stays exactly `Demo login: <email> <password>`,
// or `Demo login: <email> (password changed since seeding)` when that password would not work.
async function main(): Promise<void> {
  // Before any connection: a production database is never touched by the demo seed.
  refuseDemoSeedInProduction()
  const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL
  const prisma = createPrismaClient(databaseUrl)
  try {
    const result = await seedDemo(prisma)
    console.info(`Seeded the demo into ${redactDatabaseUrl(databaseUrl)}: site /site/${result.siteSlug}`)
    console.info(`Demo member: ${describeLogin(result.member, result.password)}`)
    console.info(`Demo login: ${describeLogin(result.admin, result.password)}`)
  } finally {
    await prisma.$disconnect()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
