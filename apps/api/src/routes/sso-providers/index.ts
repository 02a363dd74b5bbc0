import {
  CreateSsoProviderRequestSchema,
  SsoOrganisationParamsSchema,
  SsoProviderListSchema,
  SsoProviderParamsSchema,
  SsoProviderSchema,
  UpdateSsoProviderRequestSchema,
} from '@canopy/contracts'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { getSignedInUser } from '../../plugins/app/auth.js'
import {
  addSsoProvider,
  changeSsoProvider,
  listSsoProviders,
  removeSsoProvider,
  type SsoAdminDeps,
} from '../../services/sso-providers-service.js'
import { errorResponses } from '../schemas.js'

/** Whose provider a request names, and who asks. */
function providerScope(request: FastifyRequest & { params: { id: string; providerId: string } }) {
  return {
    organisationId: request.params.id,
    providerId: request.params.providerId,
    userId: getSignedInUser(request).id,
  }
}

/** /api/v1/crm/organisations/:id/sso-providers: an organisation's single sign-on, for its administrators. */
const ssoProviderRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const deps = (): SsoAdminDeps => ({
    prisma: fastify.prisma,
    secrets: fastify.secrets,
    publicUrl: fastify.config.publicUrl,
  })

  fastify.get(
    '/organisations/:id/sso-providers',
    {
      schema: {
        tags: ['sso'],
        summary:
          "The organisation's OpenID Connect providers (never their client secrets); administrators only",
        params: SsoOrganisationParamsSchema,
        response: { 200: SsoProviderListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      listSsoProviders(deps(), { organisationId: request.params.id, userId: getSignedInUser(request).id }),
  )

  fastify.post(
    '/organisations/:id/sso-providers',
    {
      schema: {
        tags: ['sso'],
        summary: 'Add a provider; its issuer must answer OpenID discovery. Administrators only',
        params: SsoOrganisationParamsSchema,
        body: CreateSsoProviderRequestSchema,
        response: { 201: SsoProviderSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      const userId = getSignedInUser(request).id
      const provider = await addSsoProvider(
        deps(),
        { organisationId: request.params.id, userId },
        request.body,
      )
      return reply.code(201).send(provider)
    },
  )

  fastify.put(
    '/organisations/:id/sso-providers/:providerId',
    {
      schema: {
        tags: ['sso'],
        summary: 'Change a provider (an empty client secret keeps the stored one); administrators only',
        params: SsoProviderParamsSchema,
        body: UpdateSsoProviderRequestSchema,
        response: { 200: SsoProviderSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => changeSsoProvider(deps(), providerScope(request), request.body),
  )

  fastify.delete(
    '/organisations/:id/sso-providers/:providerId',
    {
      schema: {
        tags: ['sso'],
        summary: 'Remove a provider (its users keep their accounts); administrators only',
        params: SsoProviderParamsSchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => removeSsoProvider(deps(), providerScope(request)),
  )
}

export default ssoProviderRoutes
