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
import { badRequest, HttpError } from '../http-errors.js'
import type { Mailer } from '../plugins/app/mailer.js'
import { composeAccountExistsEmail, composeVerificationEmail } from './account-emails.js'
import { inviteRefusalFor, isInviteUsable } from './invites-service.js'
import { toSafeRedirectPath } from './redirects.js'
import { createSecretToken, hashToken } from './tokens.js'

export const INVALID_INVITE_MESSAGE =
  "Sorry, this invite doesn't exist or has expired. Please contact your organisation's administrator to get access, or log in if you already have access."
export const VERIFICATION_EMAIL_FAILED_MESSAGE =
  'We could not send the verification email. Please try again later.'
export const VERIFICATION_LINK_TTL_MS = 24 * 60 * 60 * 1000

export interface AccountDeps {
  prisma: PrismaClient
  mailer: Mailer
  publicUrl: string
}

export interface Registration {
  /** the new user; null when the address already had an account (the answer must not say so) */
  user: User | null
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
  if (!isInviteUsable(invite, reference.siteAlias, new Date()))
    throw badRequest('invite', INVALID_INVITE_MESSAGE)

  const refusal = inviteRefusalFor(invite, email)
  if (refusal) throw badRequest('email', refusal)
  return invite
}

export function buildVerificationLink(
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

/**
 * Registers an account. An address that already has one gets the same answer as a new registration (check
 * your e-mail), after the same work (the password is hashed either way), and its owner gets an e-mail
 * saying so: the answer never tells a stranger which addresses have accounts.
 */
export async function registerAccount(deps: AccountDeps, body: RegistrationRequest): Promise<Registration> {
  const { prisma } = deps
  const email = normaliseEmail(body.email)
  const invite: Invite | null = await findUsableInvite(prisma, email, body.invite)
  if (isGuessablePassword(body.credentials.password, [email, body.firstname, body.lastname])) {
    throw badRequest('credentials.password', REGISTRATION_MESSAGES.weakPassword)
  }
  const passwordHash = await hashPassword(body.credentials.password)
  const existing = await findUserByEmail(prisma, email)
  if (existing) return tellOwnerOfExistingAccount(deps, existing)

  const provedByInvite = invite?.type === 'email'
  const verificationToken = provedByInvite ? null : createSecretToken()
  const user = await createRegisteredUser(prisma, { body, email, passwordHash, invite, verificationToken })
  if (!user) {
    // Two registrations of one address at once: the unique index decided, the other one exists now.
    const winner = await findUserByEmail(prisma, email)
    return winner ? tellOwnerOfExistingAccount(deps, winner) : { user: null, signIn: false }
  }
  if (verificationToken)
    await sendVerification(deps, { user, verificationToken, redirectUrl: body.redirect_url })
  return { user, signIn: provedByInvite }
}

/** The user, their site membership from the invite and their verification token, or null if the address was taken meanwhile. */
async function createRegisteredUser(
  prisma: PrismaClient,
  input: {
    body: RegistrationRequest
    email: string
    passwordHash: string
    invite: Invite | null
    verificationToken: string | null
  },
): Promise<User | null> {
  const { body, email, passwordHash, invite, verificationToken } = input
  return prisma
    .$transaction(async (tx) => {
      const created = await createUser(tx, {
        email,
        firstName: body.firstname,
        lastName: body.lastname,
        passwordHash,
        emailVerifiedAt: verificationToken ? null : new Date(),
      })
      if (invite) {
        await addSiteMember(tx, { siteId: invite.siteId, userId: created.id, role: invite.role })
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
      if (isUniqueConstraintError(error)) return null
      throw error
    })
}

async function sendVerification(
  deps: AccountDeps,
  { user, verificationToken, redirectUrl }: { user: User; verificationToken: string; redirectUrl?: string },
) {
  const redirectPath = toSafeRedirectPath(redirectUrl, deps.publicUrl)
  const link = buildVerificationLink(deps.publicUrl, user.id, verificationToken, redirectPath)
  try {
    await deps.mailer.send(composeVerificationEmail({ to: user.email, firstName: user.firstName, link }))
  } catch (error) {
    // Without the e-mail the account could never be verified, and the address would stay taken.
    await deleteUser(deps.prisma, user.id)
    throw new HttpError(503, VERIFICATION_EMAIL_FAILED_MESSAGE, undefined, error)
  }
}

/** The answer of a registration of an address that has an account, and the e-mail to its owner. */
async function tellOwnerOfExistingAccount(deps: AccountDeps, owner: User): Promise<Registration> {
  const link = new URL('/password/reset', deps.publicUrl).toString()
  try {
    await deps.mailer.send(composeAccountExistsEmail({ to: owner.email, firstName: owner.firstName, link }))
  } catch (error) {
    throw new HttpError(503, VERIFICATION_EMAIL_FAILED_MESSAGE, undefined, error)
  }
  return { user: null, signIn: false }
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
