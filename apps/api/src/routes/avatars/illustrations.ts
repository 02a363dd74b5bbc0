import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { renderIllustration } from '../../services/illustration-service.js'
import { errorResponses } from '../schemas.js'

/** Illustrations are the same for everyone and change only with a release: kept a day. */
const ILLUSTRATION_CACHE_CONTROL = 'public, max-age=86400'

/** GET /illustrations/:name/:size/:file: public, e.g. /illustrations/empty-state/240/empty-state@2x.webp */
const illustrationRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/illustrations/:name/:size/:file',
    {
      schema: {
        tags: ['static'],
        summary:
          'An illustration at 240 or 480 px wide: file <name>.<avif|webp|png>, or <name>@2x.<format> at twice the width',
        params: z.object({ name: z.string().max(100), size: z.string().max(10), file: z.string().max(120) }),
        response: { 200: z.any(), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { name, size, file } = request.params
      const image = await renderIllustration(name, size, file)
      return reply
        .header('cache-control', ILLUSTRATION_CACHE_CONTROL)
        .type(image.contentType)
        .send(image.body)
    },
  )
}

export default illustrationRoutes
