import {
  type CreateInviteRequest,
  INVITE_MESSAGES,
  INVITE_TTL_DAYS,
  type Invite,
  type InviteListQuery,
  type PagedList,
  type PublicInvite,
} from '@canopy/contracts'
import {
  addSiteMember,
  createEmailInvite,
  deleteInvite,
  findInviteByTokenHash,
  findSiteNameById,
  isEmailInvitedOrMember,
  listSiteInvites,
  markInviteAccepted,
  markInviteDeclined,
  normaliseEmail,
  type PrismaClient,
  revokeInvite,
  type SiteAccess,
  type User,
} from '@canopy/db'
import { conflict, forbidden, HttpError, notFound } from '../http-errors.js'
import type { Mailer } from '../plugins/app/mailer.js'
import { presentInvite } from '../presenters/invite.js'
import { presentPagedList, toPageWindow } from '../presenters/paged-list.js'
import { composeInvitationEmail } from './account-emails.js'
import { createSecretToken, hashToken } from './tokens.js'

export const INVITE_EMAIL_MISMATCH_MESSAGE = 'This invite was sent to a different email address.'
export const INVITE_NOT_ACTIVE_MESSAGE = 'There is no active invite with this id on the site.'
export const INVITE_EMAIL_FAILED_MESSAGE =
  'The invitation email could not be sent, so the invite was not created. Please try again later.'
const DAY_MS = 24 * 60 * 60 * 1000

export type StoredInvite = NonNullable<Awaited<ReturnType<typeof findInviteByTokenHash>>>

/** An invite can be used through the link of its own site while not revoked, expired, or (e-mail) used. */
export function isInviteUsable(
  invite: StoredInvite | null,
  siteAlias: string,
  now: Date,
): invite is StoredInvite {
  return Boolean(
    invite &&
      invite.site.slug === siteAlias &&
      !invite.revokedAt &&
      invite.expiresAt > now &&
      !(invite.type === 'email' && (invite.acceptedAt || invite.declinedAt)),
  )
}

/** The link of the invite page, carrying the site alias the API needs next to the token. */
export function buildInviteLink(publicUrl: string, token: string, slug: string): string {
  const url = new URL(`/invites/${encodeURIComponent(token)}`, publicUrl)
  url.searchParams.set('siteAlias', slug)
  return url.toString()
}

export interface InviteDeps {
  prisma: PrismaClient
  mailer: Mailer
  publicUrl: string
}

/**
 * Creates an e-mail invite and sends the invitation. An address with an active invite to the site or a
 * membership of it is refused (409). Without the e-mail the invite would be useless, so it is removed again.
 */
export async function sendInvite(
  deps: InviteDeps,
  { access, inviter }: { access: SiteAccess; inviter: User },
  body: CreateInviteRequest,
): Promise<Invite> {
  const { prisma } = deps
  const email = normaliseEmail(body.email)
  const now = new Date()
  if (await isEmailInvitedOrMember(prisma, { siteId: access.siteId, email, now }))
    throw conflict('email', INVITE_MESSAGES.emailInUse)
  const token = createSecretToken()
  const invite = await createEmailInvite(prisma, {
    siteId: access.siteId,
    tokenHash: hashToken(token),
    email,
    role: body.role,
    createdById: inviter.id,
    expiresAt: new Date(now.getTime() + INVITE_TTL_DAYS * DAY_MS),
  })
  const siteName = (await findSiteNameById(prisma, access.siteId))?.siteName ?? access.slug
  const mail = composeInvitationEmail(
    { to: email, link: buildInviteLink(deps.publicUrl, token, access.slug) },
    {
      siteName,
      inviterName: `${inviter.firstName} ${inviter.lastName}`.trim(),
      role: body.role,
      validDays: INVITE_TTL_DAYS,
    },
  )
  try {
    await deps.mailer.send(mail)
  } catch (error) {
    await deleteInvite(prisma, invite.id)
    throw new HttpError(503, INVITE_EMAIL_FAILED_MESSAGE, undefined, error)
  }
  return presentInvite(invite, now)
}

export async function listInvites(
  prisma: PrismaClient,
  siteId: string,
  query: InviteListQuery,
): Promise<PagedList<Invite>> {
  const now = new Date()
  const { rows, totalCount } = await listSiteInvites(prisma, {
    siteId,
    active: query.active,
    now,
    search: query.search?.trim() || undefined,
    sortBy: query.sortBy ?? 'created',
    sortDir: query.sortDir ?? 'desc',
    ...toPageWindow(query),
  })
  return presentPagedList(
    rows.map((row) => presentInvite(row, now)),
    totalCount,
    query,
  )
}

export async function revokeSiteInvite(prisma: PrismaClient, siteId: string, inviteId: string) {
  if (!(await revokeInvite(prisma, { siteId, inviteId, now: new Date() })))
    throw notFound(INVITE_NOT_ACTIVE_MESSAGE)
  return { ok: true as const }
}

async function findUsableInvite(prisma: PrismaClient, slug: string, token: string): Promise<StoredInvite> {
  const invite = await findInviteByTokenHash(prisma, hashToken(token))
  if (!isInviteUsable(invite, slug, new Date())) throw notFound(INVITE_MESSAGES.invalid)
  return invite
}

/** What the invite page shows to anyone holding the link; 404 for an unusable one. */
export async function getPublicInvite(
  prisma: PrismaClient,
  slug: string,
  token: string,
): Promise<PublicInvite> {
  const invite = await findUsableInvite(prisma, slug, token)
  return {
    type: invite.type,
    detail: (invite.type === 'email' ? invite.email : invite.domain) ?? '',
    siteName: invite.site.siteName,
  }
}

/** An e-mail invite is for its address only; a link invite for addresses on its domain. */
function assertInviteIsFor(invite: StoredInvite, user: User) {
  const email = normaliseEmail(user.email)
  const allowed =
    invite.type === 'email'
      ? normaliseEmail(invite.email ?? '') === email
      : email.endsWith(`@${(invite.domain ?? '').toLowerCase()}`)
  if (!allowed) throw forbidden(INVITE_EMAIL_MISMATCH_MESSAGE)
}

/** The signed-in user joins the site with the invite's role (a higher role they have is kept). */
export async function acceptInvite(
  prisma: PrismaClient,
  user: User,
  { slug, token }: { slug: string; token: string },
) {
  const invite = await findUsableInvite(prisma, slug, token)
  assertInviteIsFor(invite, user)
  await prisma.$transaction(async (tx) => {
    await addSiteMember(tx, { siteId: invite.siteId, userId: user.id, role: invite.role })
    if (invite.type === 'email') await markInviteAccepted(tx, { inviteId: invite.id, userId: user.id })
  })
  return { siteId: invite.siteId }
}

/** An e-mail invite declined is used up; declining a link invite changes nothing. */
export async function declineInvite(
  prisma: PrismaClient,
  user: User,
  { slug, token }: { slug: string; token: string },
) {
  const invite = await findUsableInvite(prisma, slug, token)
  assertInviteIsFor(invite, user)
  if (invite.type === 'email') await markInviteDeclined(prisma, invite.id)
  return { ok: true as const }
}
