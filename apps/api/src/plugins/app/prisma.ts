import { createPrismaClient, type PrismaClient } from '@canopy/db'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

declare module 'fastify' {
  interface FastifyInstance {
    prisma: PrismaClient
  }
}

/** One Prisma client per process; it connects on first use, so the API starts even while PostgreSQL is down. */
async function prismaPlugin(fastify: FastifyInstance) {
  const prisma = createPrismaClient(fastify.config.databaseUrl)
  fastify.decorate('prisma', prisma)
  fastify.addHook('onClose', async () => {
    await prisma.$disconnect()
  })
}

export default fp(prismaPlugin, { name: 'prisma' })
