import {
  type ChangePassword,
  PROFILE_MESSAGES,
  REGISTRATION_MESSAGES,
  type UpdateCurrentProfile,
} from '@canopy/contracts'
import { isGuessablePassword } from '@canopy/contracts/password-strength'
import {
  deleteUserSession,
  deleteUserSessions,
  hashPassword,
  listActiveUserSessions,
  type PrismaClient,
  setProductNewsConsent,
  type User,
  updateUserPasswordHash,
  updateUserProfile,
  verifyPassword,
} from '@canopy/db'
import { badRequest, notFound } from '../http-errors.js'

export const SESSION_NOT_FOUND_MESSAGE = 'No session of yours could be found with this id.'
export const CURRENT_SESSION_MESSAGE = 'This is the session you are using: use Log out to end it.'

/** The names, the job role and the product news consent, whichever the body names, together. */
export async function updateProfile(prisma: PrismaClient, userId: string, body: UpdateCurrentProfile) {
  const { firstName, lastName, userRole, productNewsConsent } = body
  await prisma.$transaction(async (tx) => {
    await updateUserProfile(tx, userId, { firstName, lastName, userRole })
    if (productNewsConsent !== undefined) await setProductNewsConsent(tx, userId, productNewsConsent)
  })
}

/**
 * Sets a new password after checking the current one, with the rules of registration and reset (length,
 * not guessable). Whoever knew the old password is signed out: every other session of the user ends.
 */
export async function changePassword(
  prisma: PrismaClient,
  user: User,
  { currentPassword, password }: ChangePassword,
  currentSessionId: string | null,
): Promise<void> {
  if (!user.passwordHash) throw badRequest('currentPassword', PROFILE_MESSAGES.noPassword)
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    throw badRequest('currentPassword', PROFILE_MESSAGES.currentPasswordWrong)
  }
  if (isGuessablePassword(password, [user.email, user.firstName, user.lastName])) {
    throw badRequest('password', REGISTRATION_MESSAGES.weakPassword)
  }
  const passwordHash = await hashPassword(password)
  await prisma.$transaction(async (tx) => {
    await updateUserPasswordHash(tx, user.id, passwordHash)
    await deleteUserSessions(tx, user.id, { exceptId: currentSessionId })
  })
}

export function listSessions(prisma: PrismaClient, userId: string) {
  return listActiveUserSessions(prisma, userId)
}

/** Ends one other session of the user; the current one ends with Log out. */
export async function endSession(
  prisma: PrismaClient,
  userId: string,
  sessionId: string,
  currentId: string | null,
) {
  if (sessionId === currentId) throw badRequest('sessionId', CURRENT_SESSION_MESSAGE)
  if (!(await deleteUserSession(prisma, userId, sessionId))) throw notFound(SESSION_NOT_FOUND_MESSAGE)
}

export async function endOtherSessions(prisma: PrismaClient, userId: string, currentId: string | null) {
  const { count } = await deleteUserSessions(prisma, userId, { exceptId: currentId })
  return count
}
