import {
  type RecoveryCodes,
  TWO_FACTOR_MESSAGES,
  type TwoFactorProof,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@canopy/contracts'
import {
  consumeRecoveryCode,
  countUnusedRecoveryCodes,
  disableTotp,
  enableTotp,
  findUserById,
  type PrismaClient,
  recordTotpStep,
  replaceRecoveryCodes,
  type SecretBox,
  setPendingTotpSecret,
  type User,
  verifyPassword,
} from '@canopy/db'
import { badRequest, conflict, forbidden, unauthorized } from '../http-errors.js'
import {
  createRecoveryCodes,
  createTotpSecret,
  hashRecoveryCode,
  matchTotpStep,
  otpauthUrlOf,
} from '../lib/totp.js'

export interface TwoFactorDeps {
  prisma: PrismaClient
  secrets: SecretBox
}

/**
 * The user as stored now: what a session remembers of its user may be a few seconds old (and from
 * another API process), and these checks need the secret as it is.
 */
async function loadUser(prisma: PrismaClient, userId: string): Promise<User> {
  const user = await findUserById(prisma, userId)
  if (!user) throw unauthorized()
  return user
}

/** A single sign-on account has no password here: its provider looks after a second factor. */
function isSsoAccount(user: User): boolean {
  return user.ssoProvider !== null || user.passwordHash === null
}

export async function getTwoFactorStatus(prisma: PrismaClient, userId: string): Promise<TwoFactorStatus> {
  const user = await loadUser(prisma, userId)
  const enabled = user.totpEnabledAt !== null
  return {
    available: !isSsoAccount(user),
    enabled,
    enabledAt: user.totpEnabledAt?.toISOString() ?? null,
    recoveryCodesLeft: enabled ? await countUnusedRecoveryCodes(prisma, user.id) : 0,
  }
}

/** Starts setting up an authenticator app: a new secret, kept sealed, that a code must confirm. */
export async function startTotpSetup(deps: TwoFactorDeps, userId: string): Promise<TwoFactorSetup> {
  const user = await loadUser(deps.prisma, userId)
  if (isSsoAccount(user)) throw forbidden(TWO_FACTOR_MESSAGES.ssoAccount)
  if (user.totpEnabledAt) throw conflict('code', TWO_FACTOR_MESSAGES.alreadyOn)
  const secret = createTotpSecret()
  await setPendingTotpSecret(deps.prisma, user.id, deps.secrets.seal(secret))
  return { secret, otpauthUrl: otpauthUrlOf(secret, user.email) }
}

/** New recovery codes in plain text (for this answer only) and their hashes (to store). */
function newRecoveryCodes() {
  const recoveryCodes = createRecoveryCodes()
  return { recoveryCodes, codeHashes: recoveryCodes.map(hashRecoveryCode) }
}

/** Turns two-step verification on with a code of the pending secret; answers the recovery codes, once. */
export async function confirmTotpSetup(
  deps: TwoFactorDeps,
  userId: string,
  code: string,
): Promise<RecoveryCodes> {
  const user = await loadUser(deps.prisma, userId)
  if (user.totpEnabledAt) throw conflict('code', TWO_FACTOR_MESSAGES.alreadyOn)
  if (!user.totpSecret) throw conflict('code', TWO_FACTOR_MESSAGES.notStarted)
  const step = matchTotpStep(deps.secrets.open(user.totpSecret), code)
  if (step === null) throw badRequest('code', TWO_FACTOR_MESSAGES.codeWrong)
  const { recoveryCodes, codeHashes } = newRecoveryCodes()
  const enabled = await deps.prisma.$transaction((tx) =>
    enableTotp(tx, { userId: user.id, step, codeHashes }),
  )
  if (!enabled) throw conflict('code', TWO_FACTOR_MESSAGES.notStarted)
  return { recoveryCodes, status: await getTwoFactorStatus(deps.prisma, user.id) }
}

type CodeCheck = 'ok' | 'wrong' | 'used'

/** Checks a current code of the user's secret and spends its time step, so it is never accepted again. */
async function checkAndSpendCode(deps: TwoFactorDeps, user: User, code: string): Promise<CodeCheck> {
  if (!user.totpSecret || !user.totpEnabledAt) return 'wrong'
  const step = matchTotpStep(deps.secrets.open(user.totpSecret), code)
  if (step === null) return 'wrong'
  return (await recordTotpStep(deps.prisma, user.id, step)) ? 'ok' : 'used'
}

/** The password or a current code, before turning off or making new recovery codes (400 on the field). */
async function assertProof(deps: TwoFactorDeps, user: User, proof: TwoFactorProof): Promise<void> {
  if (proof.password !== undefined) {
    if (user.passwordHash && (await verifyPassword(user.passwordHash, proof.password))) return
    throw badRequest('password', TWO_FACTOR_MESSAGES.passwordWrong)
  }
  const check = await checkAndSpendCode(deps, user, proof.code ?? '')
  if (check === 'used') throw badRequest('code', TWO_FACTOR_MESSAGES.codeUsed)
  if (check === 'wrong') throw badRequest('code', TWO_FACTOR_MESSAGES.codeWrong)
}

export async function turnOffTotp(deps: TwoFactorDeps, userId: string, proof: TwoFactorProof) {
  const user = await loadUser(deps.prisma, userId)
  if (!user.totpEnabledAt) throw conflict('code', TWO_FACTOR_MESSAGES.notOn)
  await assertProof(deps, user, proof)
  await deps.prisma.$transaction((tx) => disableTotp(tx, user.id))
  return getTwoFactorStatus(deps.prisma, user.id)
}

/** Replaces every recovery code (used or not) with ten new ones, answered once. */
export async function regenerateRecoveryCodes(
  deps: TwoFactorDeps,
  userId: string,
  proof: TwoFactorProof,
): Promise<RecoveryCodes> {
  const user = await loadUser(deps.prisma, userId)
  if (!user.totpEnabledAt) throw conflict('code', TWO_FACTOR_MESSAGES.notOn)
  await assertProof(deps, user, proof)
  const { recoveryCodes, codeHashes } = newRecoveryCodes()
  await deps.prisma.$transaction((tx) => replaceRecoveryCodes(tx, user.id, codeHashes))
  return { recoveryCodes, status: await getTwoFactorStatus(deps.prisma, user.id) }
}

/**
 * The second step of a sign-in: a current code (spent once accepted) or an unused recovery code (used up).
 * Wrong answers are 401, so they count against the sign-in attempt limits.
 */
export async function verifySecondStep(
  deps: TwoFactorDeps,
  user: User,
  answer: { code?: string | undefined; recoveryCode?: string | undefined },
): Promise<void> {
  if (answer.recoveryCode !== undefined) {
    const codeHash = hashRecoveryCode(answer.recoveryCode)
    if (await consumeRecoveryCode(deps.prisma, { userId: user.id, codeHash })) return
    throw unauthorized(TWO_FACTOR_MESSAGES.recoveryCodeWrong)
  }
  const check = await checkAndSpendCode(deps, user, answer.code ?? '')
  if (check === 'used') throw unauthorized(TWO_FACTOR_MESSAGES.codeUsed)
  if (check === 'wrong') throw unauthorized(TWO_FACTOR_MESSAGES.codeWrong)
}
