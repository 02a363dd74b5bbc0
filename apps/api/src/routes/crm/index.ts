import {
  AccountQuerySchema,
  AccountSchema,
  AdministeredOrganisationsSchema,
  CountriesSchema,
  OrganisationListQuerySchema,
  OrganisationListSchema,
  OrganisationParamsSchema,
  OrganisationSchema,
  UpdateAccountRequestSchema,
  UpdateOrganisationRequestSchema,
} from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { getSignedInUser } from '../../plugins/app/auth.js'
import {
  changeAccount,
  getAccount,
  listCountries,
  listOrganisationsToAddSitesIn,
} from '../../services/crm-service.js'
import {
  changeOrganisation,
  getOrganisation,
  listOrganisations,
} from '../../services/organisations-service.js'
import { errorResponses } from '../schemas.js'

/** /api/v1/crm: organisations' account details (billing) and what their forms need. */
const crmRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/organisations',
    {
      schema: {
        tags: ['crm'],
        summary: 'The organisations the signed-in user administers (where they may add sites)',
        response: { 200: AdministeredOrganisationsSchema, ...errorResponses(401) },
      },
    },
    async (request) => listOrganisationsToAddSitesIn(fastify.prisma, getSignedInUser(request).id),
  )

  await fastify.register(organisationRoutes)

  fastify.get(
    '/account',
    {
      schema: {
        tags: ['crm'],
        summary: "The organisation's account details (id: the organisation's id); its administrators only",
        querystring: AccountQuerySchema,
        response: { 200: AccountSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getAccount(fastify.prisma, request.query.id, getSignedInUser(request).id),
  )

  fastify.put(
    '/account',
    {
      schema: {
        tags: ['crm'],
        summary: "Change the organisation's account details; its administrators only",
        querystring: AccountQuerySchema,
        body: UpdateAccountRequestSchema,
        response: { 200: AccountSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      changeAccount(fastify.prisma, request.query.id, getSignedInUser(request).id, request.body),
  )

  fastify.get(
    '/countries',
    {
      schema: {
        tags: ['crm'],
        summary: 'Countries by en-GB name, each with its ISO 3166 code',
        response: { 200: CountriesSchema, ...errorResponses(401) },
      },
    },
    async () => listCountries(),
  )
}

/** The billing screens' organisations: their administrators' (staff: all). */
const organisationRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/organisations/list',
    {
      schema: {
        tags: ['crm'],
        summary: 'A page of the organisations the signed-in user administers (staff: every organisation)',
        querystring: OrganisationListQuerySchema,
        response: { 200: OrganisationListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => listOrganisations(fastify.prisma, getSignedInUser(request), request.query),
  )

  fastify.get(
    '/organisations/:id',
    {
      schema: {
        tags: ['crm'],
        summary:
          'One organisation (by id or slug) with its subscription and its sites’ scan usage this month; its administrators only',
        params: OrganisationParamsSchema,
        response: { 200: OrganisationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getOrganisation(fastify.prisma, request.params.id, getSignedInUser(request)),
  )

  fastify.put(
    '/organisations/:id',
    {
      schema: {
        tags: ['crm'],
        summary: "Change the organisation's account details; its administrators only",
        params: OrganisationParamsSchema,
        body: UpdateOrganisationRequestSchema,
        response: { 200: OrganisationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      changeOrganisation(fastify.prisma, request.params.id, getSignedInUser(request), request.body),
  )
}

export default crmRoutes
