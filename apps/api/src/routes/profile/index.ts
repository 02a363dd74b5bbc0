import {
  AVATAR_UPLOAD_MAX_BYTES,
  ChangePasswordSchema,
  CurrentProfileSchema,
  OkResponseSchema,
  SignedOutCountSchema,
  UpdateCurrentProfileSchema,
  UserSessionListSchema,
} from '@canopy/contracts'
import { findUserAvatar } from '@canopy/db'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { getSignedInUser } from '../../plugins/app/auth.js'
import { presentCurrentProfile, presentSession } from '../../presenters/profile.js'
import { removeAvatarPhoto, saveAvatarPhoto } from '../../services/avatar-service.js'
import {
  changePassword,
  endOtherSessions,
  endSession,
  listSessions,
  updateProfile,
} from '../../services/profile-service.js'
import { errorResponses, type FastifyZodInstance } from '../schemas.js'
import apiTokenRoutes from './api-tokens.js'
import twoFactorRoutes from './two-factor.js'

const PROFILE_PATH = '/crm/users/currentProfile'

async function currentProfileOf(fastify: FastifyZodInstance, userId: string) {
  const user = await fastify.prisma.user.findUniqueOrThrow({ where: { id: userId } })
  return presentCurrentProfile(user, (await findUserAvatar(fastify.prisma, userId)) !== null)
}

/** GET and POST /crm/users/currentProfile: the signed-in user's names and job role. */
function profileDetailsRoutes(fastify: FastifyZodInstance) {
  fastify.get(
    PROFILE_PATH,
    {
      schema: {
        tags: ['profile'],
        summary: 'The signed-in user profile (names, e-mail, job role)',
        response: { 200: CurrentProfileSchema, ...errorResponses(401) },
      },
    },
    async (request) => currentProfileOf(fastify, getSignedInUser(request).id),
  )
  fastify.post(
    PROFILE_PATH,
    {
      schema: {
        tags: ['profile'],
        summary: 'Change the first name, last name or job role (userRole) of the signed-in user',
        body: UpdateCurrentProfileSchema,
        response: { 200: CurrentProfileSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const user = getSignedInUser(request)
      await updateProfile(fastify.prisma, user.id, request.body)
      fastify.sessions.forgetUser(user.id)
      return currentProfileOf(fastify, user.id)
    },
  )
}

/** The password and sessions: only from a signed-in browser, never with an API token. */
const sessionRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.addHook('onRequest', fastify.sessions.requireSessionCookie)
  fastify.post(
    `${PROFILE_PATH}/password`,
    {
      config: { refusedWhileMasquerading: true },
      schema: {
        tags: ['profile'],
        summary: 'Change the password with the current one; every other session of the user ends',
        body: ChangePasswordSchema,
        response: { 200: OkResponseSchema, ...errorResponses(400, 401, 403) },
      },
      preHandler: fastify.attemptLimits.guard('login', (request) => getSignedInUser(request).email),
    },
    async (request) => {
      const user = getSignedInUser(request)
      await changePassword(fastify.prisma, user, request.body, request.sessionId)
      fastify.sessions.endedOtherSessions(user.id, request.sessionId)
      return { ok: true as const }
    },
  )
  fastify.get(
    `${PROFILE_PATH}/sessions`,
    {
      schema: {
        tags: ['profile'],
        summary: 'The signed-in user sessions (device, IP, created, last seen, which is this one)',
        response: { 200: UserSessionListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const rows = await listSessions(fastify.prisma, getSignedInUser(request).id)
      return { sessions: rows.map((row) => presentSession(row, request.sessionId)) }
    },
  )
  fastify.delete(
    `${PROFILE_PATH}/sessions/:sessionId`,
    {
      schema: {
        tags: ['profile'],
        summary: 'Sign out one other session of the user',
        params: z.object({ sessionId: z.string().min(1).max(200) }),
        response: { 200: OkResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = getSignedInUser(request)
      await endSession(fastify.prisma, user.id, request.params.sessionId, request.sessionId)
      fastify.sessions.endedOtherSessions(user.id, request.sessionId)
      return { ok: true as const }
    },
  )
  fastify.delete(
    `${PROFILE_PATH}/sessions`,
    {
      schema: {
        tags: ['profile'],
        summary: 'Sign out everywhere else: every session of the user but this one ends',
        response: { 200: SignedOutCountSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const user = getSignedInUser(request)
      const signedOut = await endOtherSessions(fastify.prisma, user.id, request.sessionId)
      fastify.sessions.endedOtherSessions(user.id, request.sessionId)
      return { signedOut }
    },
  )
}

const IMAGE_CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'application/octet-stream',
]

/** The profile photo: the raw image as the request body (its type is checked from its content). */
const avatarUploadRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.addContentTypeParser(
    IMAGE_CONTENT_TYPES,
    { parseAs: 'buffer', bodyLimit: AVATAR_UPLOAD_MAX_BYTES },
    async (_request: unknown, body: Buffer) => body,
  )
  fastify.post(
    `${PROFILE_PATH}/avatar`,
    {
      schema: {
        tags: ['profile'],
        summary: `Upload a profile photo: a JPEG, PNG, WebP, GIF or AVIF image as the body, at most ${AVATAR_UPLOAD_MAX_BYTES / 1024 / 1024} MB`,
        response: { 200: CurrentProfileSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request) => {
      const user = getSignedInUser(request)
      await saveAvatarPhoto(fastify.prisma, user.id, request.body)
      return currentProfileOf(fastify, user.id)
    },
  )
  fastify.delete(
    `${PROFILE_PATH}/avatar`,
    {
      schema: {
        tags: ['profile'],
        summary: 'Remove the profile photo: the avatar shows the initials again',
        response: { 200: CurrentProfileSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const user = getSignedInUser(request)
      await removeAvatarPhoto(fastify.prisma, user.id)
      return currentProfileOf(fastify, user.id)
    },
  )
}

/** /api/v1/crm/users/currentProfile and what hangs from it: the /userprofile screen's calls. */
const profileRoutes: FastifyPluginAsyncZod = async (fastify) => {
  profileDetailsRoutes(fastify)
  await fastify.register(sessionRoutes)
  await fastify.register(avatarUploadRoutes)
  await fastify.register(apiTokenRoutes, { prefix: PROFILE_PATH })
  await fastify.register(twoFactorRoutes, { prefix: PROFILE_PATH })
}

export default profileRoutes
