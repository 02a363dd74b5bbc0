import {
  AddGroupUserRequestSchema,
  CreateGroupRequestSchema,
  GroupMemberSchema,
  GroupSchema,
  GroupUsersPageSchema,
  GroupUsersQuerySchema,
  SiteGroupsPageSchema,
  SiteGroupsQuerySchema,
  UpdateGroupRequestSchema,
} from '@canopy/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { getSiteAccess } from '../../plugins/app/site-access.js'
import {
  addGroupUser,
  createSiteGroup,
  deleteSiteGroup,
  getGroup,
  getGroupUsers,
  getSiteGroups,
  getSubgroups,
  removeGroupUser,
  updateSiteGroup,
} from '../../services/groups-service.js'
import { errorResponses, type FastifyZodInstance } from '../schemas.js'
import { SiteParamsSchema } from './site.js'

const GroupParamsSchema = SiteParamsSchema.extend({ groupId: z.string().min(1).max(100) })
const GroupUserParamsSchema = GroupParamsSchema.extend({ userId: z.string().min(1).max(100) })

/** Reading groups: whoever may see the site's users (editors and admins: viewMembers). */
const readConfig = { permission: 'viewMembers' } as const
/** Changing groups and their members: admins (manageMembers). */
const manageConfig = { permission: 'manageMembers' } as const

/**
 * The site's groups (note the singular `group` segment of the spec's paths for one group): a group gives its
 * role on the site to its members and to those of every group nested inside it (a subgroup is part of its
 * parent); a group of another site is not found.
 */
const groupsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { prisma } = fastify
  fastify.get(
    '/groups',
    {
      config: readConfig,
      schema: {
        tags: ['groups'],
        summary:
          "The site's top-level groups (with includeInherited, every group), by name, role or members; zero-based pages",
        params: SiteParamsSchema,
        querystring: SiteGroupsQuerySchema,
        response: { 200: SiteGroupsPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getSiteGroups(prisma, getSiteAccess(request).siteId, request.query),
  )
  fastify.post(
    '/groups',
    {
      config: manageConfig,
      schema: {
        tags: ['groups'],
        summary: 'Create a group (inside parentId when given); 409 on a name the site already has',
        params: SiteParamsSchema,
        body: CreateGroupRequestSchema,
        response: { 201: GroupSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      reply.code(201)
      return createSiteGroup(prisma, getSiteAccess(request).siteId, request.body)
    },
  )
  groupRoutes(fastify)
  groupMemberRoutes(fastify)
}

/** GET, PUT and DELETE /group/:groupId, and its subgroups. */
function groupRoutes(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  fastify.get(
    '/group/:groupId',
    {
      config: readConfig,
      schema: {
        tags: ['groups'],
        summary: 'One group of the site: its name, role, parent and counts',
        params: GroupParamsSchema,
        response: { 200: GroupSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => getGroup(prisma, getSiteAccess(request).siteId, request.params.groupId),
  )
  fastify.put(
    '/group/:groupId',
    {
      config: manageConfig,
      schema: {
        tags: ['groups'],
        summary:
          'Rename a group, change its role or move it (parentId null: to the top; its members lose the roles of the groups it leaves); 400 on a parent inside it, 409 on a taken name or the last administrator',
        params: GroupParamsSchema,
        body: UpdateGroupRequestSchema,
        response: { 200: GroupSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      updateSiteGroup(prisma, getSiteAccess(request).siteId, request.params.groupId, request.body),
  )
  fastify.delete(
    '/group/:groupId',
    {
      config: manageConfig,
      schema: {
        tags: ['groups'],
        summary:
          'Delete a group with its subgroups; 409 when it would leave the site without an administrator',
        params: GroupParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteSiteGroup(prisma, getSiteAccess(request).siteId, request.params.groupId)
      return reply.code(204).send(null)
    },
  )
  fastify.get(
    '/group/:groupId/groups',
    {
      config: readConfig,
      schema: {
        tags: ['groups'],
        summary:
          "A group's own subgroups (with includeInherited, every group nested below it); zero-based pages",
        params: GroupParamsSchema,
        querystring: SiteGroupsQuerySchema,
        response: { 200: SiteGroupsPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      getSubgroups(prisma, getSiteAccess(request).siteId, request.params.groupId, request.query),
  )
}

/** A group's members: listed, added and removed. */
function groupMemberRoutes(fastify: FastifyZodInstance) {
  const { prisma } = fastify
  fastify.get(
    '/group/:groupId/users',
    {
      config: readConfig,
      schema: {
        tags: ['groups'],
        summary: "A group's own members by name; zero-based pages",
        params: GroupParamsSchema,
        querystring: GroupUsersQuerySchema,
        response: { 200: GroupUsersPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      getGroupUsers(prisma, getSiteAccess(request).siteId, request.params.groupId, request.query),
  )
  fastify.post(
    '/group/:groupId/users',
    {
      config: manageConfig,
      schema: {
        tags: ['groups'],
        summary:
          'Add a user to a group: someone who can see the site or belongs to its organisation (400 on userId otherwise); 409 when already in it',
        params: GroupParamsSchema,
        body: AddGroupUserRequestSchema,
        response: { 201: GroupMemberSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      reply.code(201)
      return addGroupUser(prisma, getSiteAccess(request).siteId, request.params.groupId, request.body)
    },
  )
  fastify.delete(
    '/group/:groupId/users/:userId',
    {
      config: manageConfig,
      schema: {
        tags: ['groups'],
        summary: 'Remove a user from a group; 409 when it would leave the site without an administrator',
        params: GroupUserParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { groupId, userId } = request.params
      await removeGroupUser(prisma, getSiteAccess(request).siteId, groupId, userId)
      return reply.code(204).send(null)
    },
  )
}

export default groupsRoutes
