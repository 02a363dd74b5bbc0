import {
  type CreatedInvite,
  INVITE_MESSAGES,
  INVITE_TTL_DAYS,
  type Invite,
  type InviteListQuery,
  type PagedList,
  type ParsedCreateInviteRequest,
  type PublicInvite,
  REGISTRATION_MESSAGES,
  type SiteRole,
} from '@canopy/contracts'
import {
  addSiteMember,
  createEmailInvite,
  createLinkInvite,
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
import { badRequest, conflict, forbidden, HttpError, notFound } from '../http-errors.js'
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

type InviteSender = { access: SiteAccess; inviter: User }
type EmailInviteRequest = { email: string; role: SiteRole }
type LinkInviteRequest = { domain: string | null; role: SiteRole }

/** E-mail and link invites alike can be used for INVITE_TTL_DAYS after they are made. */
function inviteExpiry(now: Date): Date {
  return new Date(now.getTime() + INVITE_TTL_DAYS * DAY_MS)
}

/**
 * POST /invites/:slug: an e-mail invite is sent to its address (which it needs: 400 naming `email` without
 * one); a link invite's link is answered, once. A link invite has no address and an e-mail one no domain.
 */
export async function createInvite(
  deps: InviteDeps,
  sender: InviteSender,
  body: ParsedCreateInviteRequest,
): Promise<CreatedInvite> {
  if (body.type === 'link') return createInviteLink(deps, sender, { domain: body.domain, role: body.role })
  if (body.email === undefined) throw badRequest('email', INVITE_MESSAGES.emailRequired)
  return sendInvite(deps, sender, { email: body.email, role: body.role })
}

/**
 * Creates an e-mail invite and sends the invitation. An address with an active invite to the site or a
 * membership of it is refused (409). Without the e-mail the invite would be useless, so it is removed again.
 */
async function sendInvite(
  deps: InviteDeps,
  { access, inviter }: InviteSender,
  body: EmailInviteRequest,
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
    expiresAt: inviteExpiry(now),
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

/**
 * Creates a link invite for the admin to share: anyone holding the link whose address is on its domain (or
 * anyone, without a domain) may join with its role until it expires or is revoked. Only the token's hash is
 * stored, so the link is in this answer alone.
 */
async function createInviteLink(
  deps: InviteDeps,
  { access, inviter }: InviteSender,
  body: LinkInviteRequest,
): Promise<CreatedInvite> {
  const now = new Date()
  const token = createSecretToken()
  const invite = await createLinkInvite(deps.prisma, {
    siteId: access.siteId,
    tokenHash: hashToken(token),
    domain: body.domain,
    role: body.role,
    createdById: inviter.id,
    expiresAt: inviteExpiry(now),
  })
  return { ...presentInvite(invite, now), link: buildInviteLink(deps.publicUrl, token, access.slug) }
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

/**
 * Why the invite cannot be used by the address `email`, or null when it can: an e-mail invite is for its
 * address only; a link invite for addresses on its domain, or for anyone when it names none.
 */
export function inviteRefusalFor(invite: StoredInvite, email: string): string | null {
  const address = normaliseEmail(email)
  if (invite.type === 'email')
    return normaliseEmail(invite.email ?? '') === address ? null : INVITE_EMAIL_MISMATCH_MESSAGE
  const domain = invite.domain?.toLowerCase()
  if (!domain || address.endsWith(`@${domain}`)) return null
  return REGISTRATION_MESSAGES.emailDomain(domain)
}

function assertInviteIsFor(invite: StoredInvite, user: User) {
  const refusal = inviteRefusalFor(invite, user.email)
  if (refusal) throw forbidden(refusal)
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
