import { PrismaPg } from '@prisma/adapter-pg'
import { DEFAULT_DATABASE_URL } from './database-server.js'
import { PrismaClient } from './generated/prisma/client.js'

/**
 * Prisma 7 has no built-in query engine connection: every client runs on a driver adapter,
 * and `new PrismaClient()` without one throws. We use node-postgres through @prisma/adapter-pg.
 */
export function createPrismaClient(databaseUrl: string = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL) {
  const adapter = new PrismaPg({ connectionString: databaseUrl })
  return new PrismaClient({ adapter })
}
