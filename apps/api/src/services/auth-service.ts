import {
  ACCOUNT_EXPIRY_MESSAGES,
  type LoginRequest,
  TWO_FACTOR_CHALLENGE_TTL_MINUTES,
  TWO_FACTOR_MESSAGES,
  type TwoFactorChallenge,
  type TwoFactorLoginRequest,
} from '@canopy/contracts'
import {
  consumeAccountToken,
  createAccountToken,
  findAccountTokenByHash,
  findUserByEmail,
  findUserById,
  hashPassword,
  isAccountExpired,
  normaliseEmail,
  type PrismaClient,
  passwordNeedsRehash,
  type User,
  updateUserPasswordHash,
  verifyPassword,
} from '@canopy/db'
import { forbidden, unauthorized } from '../http-errors.js'
import { createSecretToken, hashToken } from './tokens.js'
import { type TwoFactorDeps, verifySecondStep } from './two-factor-service.js'

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
  if (isAccountExpired(user)) throw forbidden(ACCOUNT_EXPIRY_MESSAGES.expired)
  // The only moment the plain password is at hand: move old hashes to the current parameters.
  if (passwordNeedsRehash(user.passwordHash)) {
    return updateUserPasswordHash(prisma, user.id, await hashPassword(password))
  }
  return user
}

/**
 * The right password of an account with two-step verification starts no session: it gets a challenge, a
 * random token stored as its sha256, valid a few minutes and spent by the one second step that passes.
 */
export async function createTwoFactorChallenge(
  prisma: PrismaClient,
  user: User,
  now: Date = new Date(),
): Promise<TwoFactorChallenge> {
  const challenge = createSecretToken()
  const expiresAt = new Date(now.getTime() + TWO_FACTOR_CHALLENGE_TTL_MINUTES * 60_000)
  await createAccountToken(prisma, {
    userId: user.id,
    kind: 'two_factor_login',
    tokenHash: hashToken(challenge),
    expiresAt,
  })
  return { twoFactorRequired: true, challenge, expiresAt: expiresAt.toISOString() }
}

/** The challenge's token while it is unused, unexpired and of this address; else 401. */
async function findLiveChallenge(prisma: PrismaClient, challenge: string, username: string) {
  const token = await findAccountTokenByHash(prisma, hashToken(challenge))
  const user = token && (await findUserById(prisma, token.userId))
  const live =
    token?.kind === 'two_factor_login' &&
    token.usedAt === null &&
    token.expiresAt > new Date() &&
    user?.email === normaliseEmail(username)
  if (!live || !user) throw unauthorized(TWO_FACTOR_MESSAGES.challengeExpired)
  return { token, user }
}

/**
 * The second step of a sign-in: the challenge with a current code or a recovery code. A wrong code leaves
 * the challenge for another try until it expires; the step that passes spends it, so it starts one
 * session at most.
 */
export async function completeTwoFactorSignIn(
  deps: TwoFactorDeps,
  { username, challenge, code, recoveryCode }: TwoFactorLoginRequest,
): Promise<User> {
  const { token, user } = await findLiveChallenge(deps.prisma, challenge, username)
  if (isAccountExpired(user)) throw forbidden(ACCOUNT_EXPIRY_MESSAGES.expired)
  await verifySecondStep(deps, user, { code, recoveryCode })
  if (!(await consumeAccountToken(deps.prisma, token.id))) {
    throw unauthorized(TWO_FACTOR_MESSAGES.challengeExpired)
  }
  return user
}
