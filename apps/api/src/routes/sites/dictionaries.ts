import {
  AddDictionaryWordsRequestSchema,
  AddDictionaryWordsResponseSchema,
  DictionariesResponseSchema,
  DictionaryParamsSchema,
  DictionaryWordSchema,
  DictionaryWordsQuerySchema,
  GLOBAL_DICTIONARY,
  pagedListSchema,
  RemoveDictionaryWordsRequestSchema,
  RemoveDictionaryWordsResponseSchema,
} from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { getSignedInUser } from '../../plugins/app/auth.js'
import { getSiteAccess } from '../../plugins/app/site-access.js'
import {
  addDictionaryWords,
  listDictionaries,
  listDictionaryWords,
  removeDictionaryWords,
} from '../../services/dictionaries-service.js'
import type { FastifyZodInstance } from '../schemas.js'
import { errorResponses } from '../schemas.js'
import { SiteParamsSchema } from './site.js'

const LangParamsSchema = SiteParamsSchema.extend(DictionaryParamsSchema.shape)

/** GET /dictionaries, /dictionary (the global one) and /dictionary/:lang */
function dictionaryReadRoutes(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  fastify.get(
    '/dictionaries',
    {
      schema: {
        tags: ['dictionaries'],
        summary: "The site's dictionaries: the global one, then one per language",
        params: SiteParamsSchema,
        response: { 200: DictionariesResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => listDictionaries(prisma, getSiteAccess(request).siteId),
  )
  const words = { 200: pagedListSchema(DictionaryWordSchema), ...errorResponses(400, 401, 404) }
  fastify.get(
    '/dictionary',
    {
      schema: {
        tags: ['dictionaries'],
        summary: 'The words of the global dictionary (every language), paged',
        params: SiteParamsSchema,
        querystring: DictionaryWordsQuerySchema,
        response: words,
      },
    },
    async (request) =>
      listDictionaryWords(prisma, getSiteAccess(request).siteId, GLOBAL_DICTIONARY, request.query),
  )
  fastify.get(
    '/dictionary/:lang',
    {
      schema: {
        tags: ['dictionaries'],
        summary: "The words of one language's dictionary ('global' is the global one), paged",
        params: LangParamsSchema,
        querystring: DictionaryWordsQuerySchema,
        response: words,
      },
    },
    async (request) =>
      listDictionaryWords(prisma, getSiteAccess(request).siteId, request.params.lang, request.query),
  )
}

/** POST and DELETE /dictionary/:lang/words */
function dictionaryWordRoutes(fastify: FastifyZodInstance) {
  const { prisma, queues } = fastify
  fastify.post(
    '/dictionary/:lang/words',
    {
      config: { permission: 'editDictionaries' },
      schema: {
        tags: ['dictionaries'],
        summary:
          'Add words to a dictionary (paying sites): the misspellings they cover are gone at once, without a scan',
        params: LangParamsSchema,
        body: AddDictionaryWordsRequestSchema,
        response: { 200: AddDictionaryWordsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      addDictionaryWords(
        { prisma, queues, log: request.log },
        { siteId: getSiteAccess(request).siteId, userId: getSignedInUser(request).id },
        request.params.lang,
        request.body,
      ),
  )
  fastify.delete(
    '/dictionary/:lang/words',
    {
      config: { permission: 'editDictionaries' },
      schema: {
        tags: ['dictionaries'],
        summary: 'Remove words from a dictionary: the next scan may report them again',
        params: LangParamsSchema,
        body: RemoveDictionaryWordsRequestSchema,
        response: { 200: RemoveDictionaryWordsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      removeDictionaryWords(prisma, getSiteAccess(request).siteId, request.params.lang, request.body),
  )
}

/** The site's custom dictionaries: listing them and their words, adding and removing words. */
const dictionariesRoutes: FastifyPluginAsyncZod = async (fastify) => {
  dictionaryReadRoutes(fastify)
  dictionaryWordRoutes(fastify)
}

export default dictionariesRoutes
