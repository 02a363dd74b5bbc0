import type { SiteRole } from '@canopy/contracts'
import type { Prisma } from '../generated/prisma/client.js'
import type { DbClient } from './db-client.js'

/** The invite whose URL token hashes to `tokenHash` (only the hash is stored, like session tokens). */
export function findInviteByTokenHash(db: DbClient, tokenHash: string) {
  return db.invite.findUnique({
    where: { tokenHash },
    include: { site: { select: { id: true, slug: true, siteName: true } } },
  })
}

/** Email invites are single-use; link invites stay open for everyone on the domain until they expire. */
export function markInviteAccepted(db: DbClient, { inviteId, userId }: { inviteId: string; userId: string }) {
  return db.invite.update({ where: { id: inviteId }, data: { acceptedAt: new Date(), acceptedById: userId } })
}

/** An invite is active while nobody used, declined or revoked it and it has not expired. */
export function activeInviteWhere(now: Date): Prisma.InviteWhereInput {
  return { revokedAt: null, acceptedAt: null, declinedAt: null, expiresAt: { gt: now } }
}

export interface CreateInviteInput {
  siteId: string
  tokenHash: string
  email: string
  role: SiteRole
  createdById: string
  expiresAt: Date
}

export function createEmailInvite(db: DbClient, input: CreateInviteInput) {
  return db.invite.create({ data: { ...input, type: 'email' } })
}

export interface CreateLinkInviteInput extends Omit<CreateInviteInput, 'email'> {
  /** the allowed e-mail domain; null lets anyone holding the link join */
  domain: string | null
}

/** A link invite: usable by everyone on its domain (or by anyone) until it expires or is revoked. */
export function createLinkInvite(db: DbClient, input: CreateLinkInviteInput) {
  return db.invite.create({ data: { ...input, type: 'link' } })
}

/** Whether `email` has an active invite to the site or is a member of it (directly). */
export async function isEmailInvitedOrMember(
  db: DbClient,
  { siteId, email, now }: { siteId: string; email: string; now: Date },
): Promise<boolean> {
  const [invite, member] = await Promise.all([
    db.invite.findFirst({ where: { siteId, email, ...activeInviteWhere(now) }, select: { id: true } }),
    db.siteMembership.findFirst({
      where: { siteId, user: { email: { equals: email, mode: 'insensitive' } } },
      select: { userId: true },
    }),
  ])
  return Boolean(invite || member)
}

export interface ListInvitesInput {
  siteId: string
  active: boolean
  now: Date
  search?: string
  sortBy: 'email' | 'created' | 'expires'
  sortDir: 'asc' | 'desc'
  skip: number
  take: number
}

const INVITE_SORT_COLUMNS = { email: 'email', created: 'createdAt', expires: 'expiresAt' } as const

/** A page of the site's invites (e-mail and link), active ones or the history, with their total count. */
export async function listSiteInvites(db: DbClient, input: ListInvitesInput) {
  const { siteId, active, now, search, sortBy, sortDir, skip, take } = input
  const where: Prisma.InviteWhereInput = {
    siteId,
    ...(active ? activeInviteWhere(now) : { NOT: activeInviteWhere(now) }),
    ...(search
      ? {
          OR: [
            { email: { contains: search, mode: 'insensitive' } },
            { domain: { contains: search, mode: 'insensitive' } },
          ],
        }
      : {}),
  }
  const [rows, totalCount] = await Promise.all([
    db.invite.findMany({
      where,
      orderBy: [{ [INVITE_SORT_COLUMNS[sortBy]]: sortDir }, { id: 'asc' }],
      skip,
      take,
    }),
    db.invite.count({ where }),
  ])
  return { rows, totalCount }
}

/** Revokes the site's active invite `id`; false when the site has no such active invite. */
export async function revokeInvite(
  db: DbClient,
  { siteId, inviteId, now }: { siteId: string; inviteId: string; now: Date },
): Promise<boolean> {
  const { count } = await db.invite.updateMany({
    where: { id: inviteId, siteId, ...activeInviteWhere(now) },
    data: { revokedAt: now },
  })
  return count > 0
}

export function markInviteDeclined(db: DbClient, inviteId: string) {
  return db.invite.update({ where: { id: inviteId }, data: { declinedAt: new Date() } })
}

/** The site's name for the invitation e-mail. */
export function deleteInvite(db: DbClient, inviteId: string) {
  return db.invite.delete({ where: { id: inviteId } })
}
