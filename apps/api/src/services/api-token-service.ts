import { API_TOKEN_PREFIX, type CreateApiToken, type CreateApiTokenSchema } from '@canopy/contracts'
import { createApiToken, deleteUserApiToken, listUserApiTokens, type PrismaClient } from '@canopy/db'
import type { z } from 'zod'
import { badRequest, notFound } from '../http-errors.js'
import type { SiteAccessChecks } from '../plugins/app/site-access.js'
import { createSecretToken, hashToken } from './tokens.js'

export const TOKEN_NOT_FOUND_MESSAGE = 'No API token of yours could be found with this id.'
export const TOKEN_SITE_UNKNOWN_MESSAGE = 'Choose only sites you are a member of.'
export const TOKEN_EXPIRY_PAST_MESSAGE = 'The expiry must be in the future.'

interface TokenDeps {
  prisma: PrismaClient
  siteAccess: SiteAccessChecks
}

/** The ids of the chosen sites; each must be one the user sees today. */
async function resolveTokenSites(siteAccess: SiteAccessChecks, userId: string, slugs: string[] | null) {
  if (!slugs) return null
  const ids = new Set<string>()
  for (const slug of slugs) {
    const access = await siteAccess.resolve(userId, slug).catch(() => null)
    if (!access) throw badRequest('sites', TOKEN_SITE_UNKNOWN_MESSAGE)
    ids.add(access.siteId)
  }
  return [...ids]
}

/** Creates a token; the answer carries the token itself, which is stored only as its sha256. */
export async function createPersonalApiToken(
  { prisma, siteAccess }: TokenDeps,
  userId: string,
  body: z.output<typeof CreateApiTokenSchema>,
) {
  const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null
  if (expiresAt && expiresAt.getTime() <= Date.now()) throw badRequest('expiresAt', TOKEN_EXPIRY_PAST_MESSAGE)
  const siteIds = await resolveTokenSites(siteAccess, userId, body.sites)
  const token = `${API_TOKEN_PREFIX}${createSecretToken()}`
  const row = await createApiToken(prisma, {
    userId,
    name: body.name,
    tokenHash: hashToken(token),
    access: body.access,
    siteIds,
    expiresAt,
  })
  return { row, token }
}

export type { CreateApiToken }

export function listPersonalApiTokens(prisma: PrismaClient, userId: string) {
  return listUserApiTokens(prisma, userId)
}

export async function revokePersonalApiToken(prisma: PrismaClient, userId: string, tokenId: string) {
  if (!(await deleteUserApiToken(prisma, userId, tokenId))) throw notFound(TOKEN_NOT_FOUND_MESSAGE)
}
