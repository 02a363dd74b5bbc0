import { AvatarQuerySchema } from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { getSignedInUser } from '../../plugins/app/auth.js'
import { renderAvatar } from '../../services/avatar-service.js'
import { errorResponses } from '../schemas.js'

/** A browser keeps an avatar a few minutes, then asks again with its ETag (a 304 when unchanged). */
const AVATAR_CACHE_CONTROL = 'private, max-age=300'

/** GET /api/v1/avatars/:userId: a user's avatar as a PNG, for whoever shares a site with them. */
const avatarRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/avatars/:userId',
    {
      schema: {
        tags: ['profile'],
        summary:
          'A user avatar as PNG (size 24-1024 px): their photo, else their initials on one of twelve colours; initials=false draws a figure instead of initials',
        params: z.object({ userId: z.string().min(1).max(100) }),
        querystring: AvatarQuerySchema,
        response: { 200: z.any(), 304: z.null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { size, initials } = request.query
      const avatar = await renderAvatar(fastify.prisma, getSignedInUser(request).id, {
        userId: request.params.userId,
        size,
        initials: initials === 'true',
      })
      reply.header('cache-control', AVATAR_CACHE_CONTROL).header('etag', avatar.etag)
      if (request.headers['if-none-match'] === avatar.etag) return reply.code(304).send(null)
      return reply.type('image/png').send(avatar.png)
    },
  )
}

export default avatarRoutes
