import { REGISTRATION_MESSAGES, type RegistrationRequest } from '@canopy/contracts'
import { isGuessablePassword } from '@canopy/contracts/password-strength'
import {
  addSiteMember,
  consumeAccountToken,
  createAccountToken,
  createUser,
  deleteUser,
  findAccountTokenByHash,
  findInviteByTokenHash,
  findUserByEmail,
  findUserById,
  hashPassword,
  isUniqueConstraintError,
  markInviteAccepted,
  markUserEmailVerified,
  normaliseEmail,
  type PrismaClient,
  type User,
} from '@canopy/db'
import { badRequest, conflict, HttpError } from '../http-errors.js'
import type { Mailer } from '../plugins/app/mailer.js'
import { composeVerificationEmail } from './account-emails.js'
import { toSafeRedirectPath } from './redirects.js'
import { createSecretToken, hashToken } from './tokens.js'

export const EMAIL_IN_USE_MESSAGE = 'This email address is already in use.'
export const INVALID_INVITE_MESSAGE =
  "Sorry, this invite doesn't exist or has expired. Please contact your organisation's administrator to get access, or log in if you already have access."
export const INVITE_EMAIL_MISMATCH_MESSAGE = 'This invite was sent to a different email address.'
export const VERIFICATION_EMAIL_FAILED_MESSAGE =
  'We could not send the verification email. Please try again later.'
export const VERIFICATION_LINK_TTL_MS = 24 * 60 * 60 * 1000

export interface AccountDeps {
  prisma: PrismaClient
  mailer: Mailer
  publicUrl: string
}

export interface Registration {
  user: User
  /** true for an email invite: the invite proved the address, so the user is signed in at once */
  signIn: boolean
}

type Invite = NonNullable<Awaited<ReturnType<typeof findInviteByTokenHash>>>

/** The invite the registration refers to, checked against the address being registered. */
async function findUsableInvite(
  prisma: PrismaClient,
  email: string,
  reference: RegistrationRequest['invite'],
) {
  if (!reference) return null
  const invite = await findInviteByTokenHash(prisma, hashToken(reference.token))
  const now = new Date()
  const usable =
    invite &&
    invite.site.slug === reference.siteAlias &&
    !invite.revokedAt &&
    invite.expiresAt > now &&
    !(invite.type === 'email' && (invite.acceptedAt || invite.declinedAt))
  if (!usable) throw badRequest('invite', INVALID_INVITE_MESSAGE)

  if (invite.type === 'email') {
    if (normaliseEmail(invite.email ?? '') !== email) throw badRequest('email', INVITE_EMAIL_MISMATCH_MESSAGE)
  } else {
    const domain = (invite.domain ?? '').toLowerCase()
    if (!email.endsWith(`@${domain}`)) throw badRequest('email', REGISTRATION_MESSAGES.emailDomain(domain))
  }
  return invite
}

function buildVerificationLink(
  publicUrl: string,
  userId: string,
  token: string,
  redirectPath: string | undefined,
) {
  const url = new URL('/account/verify', publicUrl)
  url.searchParams.set('user', userId)
  url.searchParams.set('token', token)
  if (redirectPath) url.searchParams.set('redirect_url', redirectPath)
  return url.toString()
}

export async function registerAccount(deps: AccountDeps, body: RegistrationRequest): Promise<Registration> {
  const { prisma } = deps
  const email = normaliseEmail(body.email)
  const invite: Invite | null = await findUsableInvite(prisma, email, body.invite)
  if (await findUserByEmail(prisma, email)) throw conflict('email', EMAIL_IN_USE_MESSAGE)

  const provedByInvite = invite?.type === 'email'
  if (isGuessablePassword(body.credentials.password, [email, body.firstname, body.lastname])) {
    throw badRequest('credentials.password', REGISTRATION_MESSAGES.weakPassword)
  }
  const passwordHash = await hashPassword(body.credentials.password)
  const verificationToken = provedByInvite ? null : createSecretToken()

  const user = await prisma
    .$transaction(async (tx) => {
      const created = await createUser(tx, {
        email,
        firstName: body.firstname,
        lastName: body.lastname,
        passwordHash,
        emailVerifiedAt: provedByInvite ? new Date() : null,
      })
      if (invite) {
        await addSiteMember(tx, { siteId: invite.siteId, userId: created.id, isAdmin: false })
        if (invite.type === 'email') await markInviteAccepted(tx, { inviteId: invite.id, userId: created.id })
      }
      if (verificationToken) {
        await createAccountToken(tx, {
          userId: created.id,
          kind: 'verify_email',
          tokenHash: hashToken(verificationToken),
          expiresAt: new Date(Date.now() + VERIFICATION_LINK_TTL_MS),
        })
      }
      return created
    })
    .catch((error: unknown) => {
      // Two registrations of one address at once: the unique index decides, the loser gets the usual 409.
      if (isUniqueConstraintError(error)) throw conflict('email', EMAIL_IN_USE_MESSAGE)
      throw error
    })

  if (verificationToken) {
    const redirectPath = toSafeRedirectPath(body.redirect_url, deps.publicUrl)
    const link = buildVerificationLink(deps.publicUrl, user.id, verificationToken, redirectPath)
    try {
      await deps.mailer.send(composeVerificationEmail({ to: email, firstName: user.firstName, link }))
    } catch (error) {
      // Without the e-mail the account could never be verified, and the address would stay taken.
      await deleteUser(prisma, user.id)
      throw new HttpError(503, VERIFICATION_EMAIL_FAILED_MESSAGE, undefined, error)
    }
  }
  return { user, signIn: provedByInvite }
}

/**
 * Marks the address of `userId` verified when `token` is its unexpired verification token. Opening the
 * link a second time still succeeds, since the account is verified.
 */
export async function verifyAccount(
  prisma: PrismaClient,
  { userId, token }: { userId: string; token: string },
) {
  const record = await findAccountTokenByHash(prisma, hashToken(token))
  if (!record || record.userId !== userId || record.kind !== 'verify_email') return false
  if (record.usedAt) {
    const user = await findUserById(prisma, userId)
    return Boolean(user?.emailVerifiedAt)
  }
  if (record.expiresAt <= new Date()) return false
  return prisma.$transaction(async (tx) => {
    if (!(await consumeAccountToken(tx, record.id))) return false
    await markUserEmailVerified(tx, userId)
    return true
  })
}
