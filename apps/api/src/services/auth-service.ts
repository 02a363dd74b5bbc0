import type { LoginRequest } from '@canopy/contracts'
import {
  findUserByEmail,
  hashPassword,
  type PrismaClient,
  passwordNeedsRehash,
  type User,
  updateUserPasswordHash,
  verifyPassword,
} from '@canopy/db'
import { forbidden, unauthorized } from '../http-errors.js'

export const WRONG_CREDENTIALS_MESSAGE = 'The email address or password is incorrect.'
export const EMAIL_NOT_VERIFIED_MESSAGE =
  'Please verify your email address before logging in: open the link in the email we sent you when you registered.'

let dummyHash: Promise<string> | undefined

/** Checking a password against a throw-away hash keeps unknown addresses as slow as wrong passwords. */
function getDummyHash(): Promise<string> {
  if (!dummyHash) dummyHash = hashPassword('not-a-real-password-only-for-timing')
  return dummyHash
}

/** The user whose credentials these are; 401 for wrong ones, 403 for an address not verified yet. */
export async function authenticate(
  prisma: PrismaClient,
  { username, password }: LoginRequest,
): Promise<User> {
  const user = await findUserByEmail(prisma, username)
  if (!user?.passwordHash) {
    await verifyPassword(await getDummyHash(), password)
    throw unauthorized(WRONG_CREDENTIALS_MESSAGE)
  }
  if (!(await verifyPassword(user.passwordHash, password))) throw unauthorized(WRONG_CREDENTIALS_MESSAGE)
  // Told only after the right password, so the answer does not reveal which addresses are registered.
  if (!user.emailVerifiedAt) throw forbidden(EMAIL_NOT_VERIFIED_MESSAGE)
  // The only moment the plain password is at hand: move old hashes to the current parameters.
  if (passwordNeedsRehash(user.passwordHash)) {
    return updateUserPasswordHash(prisma, user.id, await hashPassword(password))
  }
  return user
}
