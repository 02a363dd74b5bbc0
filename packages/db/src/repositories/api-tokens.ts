import type { ApiTokenAccess } from '../generated/prisma/client.js'
import type { DbClient } from './db-client.js'
import { isAccountExpired } from './users.js'

export interface CreateApiTokenInput {
  userId: string
  name: string
  /** sha256 of the token */
  tokenHash: string
  access: ApiTokenAccess
  /** null: every site the user sees */
  siteIds: string[] | null
  expiresAt: Date | null
}

const TOKEN_SELECT = {
  id: true,
  name: true,
  access: true,
  allSites: true,
  expiresAt: true,
  lastUsedAt: true,
  createdAt: true,
  sites: { select: { site: { select: { id: true, slug: true, siteName: true } } } },
} as const

export function createApiToken(db: DbClient, input: CreateApiTokenInput) {
  const { siteIds, ...data } = input
  return db.apiToken.create({
    data: {
      ...data,
      allSites: siteIds === null,
      sites: siteIds ? { create: siteIds.map((siteId) => ({ siteId })) } : undefined,
    },
    select: TOKEN_SELECT,
  })
}

export function listUserApiTokens(db: DbClient, userId: string) {
  return db.apiToken.findMany({ where: { userId }, orderBy: { createdAt: 'desc' }, select: TOKEN_SELECT })
}

export type ApiTokenRow = Awaited<ReturnType<typeof listUserApiTokens>>[number]

/** Revokes one of the user's tokens; false when it is not theirs or already gone. */
export async function deleteUserApiToken(db: DbClient, userId: string, tokenId: string): Promise<boolean> {
  const { count } = await db.apiToken.deleteMany({ where: { id: tokenId, userId } })
  return count > 0
}

export interface ActiveApiToken {
  id: string
  userId: string
  access: ApiTokenAccess
  /** null: every site the user sees */
  siteIds: string[] | null
  lastUsedAt: Date | null
  /** the token's expiry, or far in the future for a token without one */
  expiresAt: Date
}

const NEVER = new Date(8.64e15)

/** The token and its user, or null when it is unknown or expired, or its user's account has expired. */
export async function findActiveApiToken(db: DbClient, tokenHash: string, now: Date = new Date()) {
  const token = await db.apiToken.findUnique({
    where: { tokenHash },
    include: { user: true, sites: { select: { siteId: true } } },
  })
  if (!token || (token.expiresAt && token.expiresAt <= now) || isAccountExpired(token.user, now)) return null
  const active: ActiveApiToken = {
    id: token.id,
    userId: token.userId,
    access: token.access,
    siteIds: token.allSites ? null : token.sites.map((site) => site.siteId),
    lastUsedAt: token.lastUsedAt,
    expiresAt: token.expiresAt ?? NEVER,
  }
  return { token: active, user: token.user }
}

export function touchApiToken(db: DbClient, id: string, usedAt: Date = new Date()) {
  return db.apiToken.updateMany({ where: { id }, data: { lastUsedAt: usedAt } })
}
