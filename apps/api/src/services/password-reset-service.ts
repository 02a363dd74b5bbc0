import {
  PASSWORD_RESET_LINK_TTL_MS,
  PASSWORD_RESET_MESSAGES,
  type PasswordResetSubmit,
} from '@canopy/contracts'
import { isGuessablePassword } from '@canopy/contracts/password-strength'
import {
  consumeAccountToken,
  consumeUserAccountTokens,
  createAccountToken,
  deleteUserSessions,
  findAccountTokenByHash,
  findUserByEmail,
  findUserById,
  hashPassword,
  type PrismaClient,
  setUserPasswordFromReset,
} from '@canopy/db'
import { badRequest } from '../http-errors.js'
import { composePasswordResetEmail } from './account-emails.js'
import type { AccountDeps } from './account-service.js'
import { createSecretToken, hashToken } from './tokens.js'

export const RESET_LINK_INVALID_MESSAGE =
  'This password reset link is invalid, has expired or has already been used. Please request a new one.'

export function buildPasswordResetLink(publicUrl: string, token: string): string {
  const url = new URL('/password/reset', publicUrl)
  url.searchParams.set('token', token)
  return url.toString()
}

/**
 * E-mails a reset link when `email` belongs to an account that signs in with a password. Single sign-on
 * accounts have no password to reset, and unknown addresses get nothing: the caller answers the same
 * either way, so nobody learns which addresses are registered.
 * @returns whether a link was sent
 */
export async function requestPasswordReset(deps: AccountDeps, email: string): Promise<boolean> {
  const user = await findUserByEmail(deps.prisma, email)
  if (!user?.passwordHash) return false
  const token = createSecretToken()
  await createAccountToken(deps.prisma, {
    userId: user.id,
    kind: 'reset_password',
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + PASSWORD_RESET_LINK_TTL_MS),
  })
  await deps.mailer.send(
    composePasswordResetEmail({
      to: user.email,
      firstName: user.firstName,
      link: buildPasswordResetLink(deps.publicUrl, token),
    }),
  )
  return true
}

/**
 * Sets the password of the reset link's user. The link works once and within the hour; using it also
 * ends the user's other sessions (whoever knew the old password is signed out), makes every older reset
 * link useless, and verifies the address, which the link has just proved the user reads.
 */
export async function resetPassword(
  prisma: PrismaClient,
  { token, password }: PasswordResetSubmit,
  { currentSessionId }: { currentSessionId: string | null },
): Promise<{ userId: string }> {
  const record = await findAccountTokenByHash(prisma, hashToken(token))
  const usable = record && record.kind === 'reset_password' && !record.usedAt && record.expiresAt > new Date()
  if (!usable) throw badRequest('token', RESET_LINK_INVALID_MESSAGE)
  const user = await findUserById(prisma, record.userId)
  const about = user ? [user.email, user.firstName, user.lastName] : []
  if (isGuessablePassword(password, about)) throw badRequest('password', PASSWORD_RESET_MESSAGES.weakPassword)

  const passwordHash = await hashPassword(password)
  await prisma.$transaction(async (tx) => {
    // Two submissions of one link at once: only the first marks it used, the other is refused.
    if (!(await consumeAccountToken(tx, record.id))) throw badRequest('token', RESET_LINK_INVALID_MESSAGE)
    await consumeUserAccountTokens(tx, { userId: record.userId, kind: 'reset_password' })
    await setUserPasswordFromReset(tx, record.userId, passwordHash)
    await deleteUserSessions(tx, record.userId, { exceptId: currentSessionId })
  })
  return { userId: record.userId }
}
