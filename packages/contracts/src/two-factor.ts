import { z } from 'zod'
import { UserSchema } from './auth.js'

/** How long the second step of a sign-in may wait after the right password, in minutes. */
export const TWO_FACTOR_CHALLENGE_TTL_MINUTES = 5
/** Recovery codes made at once (each usable one time). */
export const RECOVERY_CODE_COUNT = 10
/** Digits of an authenticator app's code. */
export const TOTP_DIGITS = 6

export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  codeWrong: 'The code is not correct. Check that the time on your device is right and try again.',
  codeUsed: 'This code has already been used. Wait for the next code from your authenticator app.',
  recoveryCodeRequired: 'Enter one of your recovery codes.',
  recoveryCodeWrong: 'This recovery code is not correct or has already been used.',
  challengeExpired: 'Your sign-in has timed out. Please enter your email address and password again.',
  alreadyOn: 'Two-step verification is already on.',
  notOn: 'Two-step verification is not on.',
  notStarted: 'Start setting up two-step verification again: no setup is waiting for a code.',
  ssoAccount:
    "Your account signs in through your organisation's single sign-on, which looks after two-step verification.",
  proofRequired: 'Enter your password or a current code from your authenticator app.',
  passwordWrong: 'The password is not correct.',
  turnedOn: 'Two-step verification is on.',
  turnedOff: 'Two-step verification is off.',
  codesRegenerated: 'New recovery codes made: the old ones no longer work.',
} as const

const SixDigitCodeSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
  .trim()
  .regex(/^\d{6}$/, { error: TWO_FACTOR_MESSAGES.codeRequired })

/** A recovery code as shown (groups of letters and digits); spaces, dashes and case do not matter. */
const RecoveryCodeInputSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.recoveryCodeRequired })
  .trim()
  .min(1, { error: TWO_FACTOR_MESSAGES.recoveryCodeRequired })
  .max(64, { error: TWO_FACTOR_MESSAGES.recoveryCodeWrong })

/** What POST /login answers when the password was right but the account owes a one-time code. */
export const TwoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  /** single use, short-lived: send it with the code to POST /login/two-factor */
  challenge: z.string(),
  expiresAt: z.string(),
})
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallengeSchema>

/** POST /login: the user (signed in), or the challenge of the second step. */
export const LoginResponseSchema = z.union([TwoFactorChallengeSchema, UserSchema])
export type LoginResponse = z.infer<typeof LoginResponseSchema>

export function isTwoFactorChallenge(answer: LoginResponse): answer is TwoFactorChallenge {
  return 'twoFactorRequired' in answer && answer.twoFactorRequired === true
}

/** POST /login/two-factor: the challenge with either a current code or one recovery code. */
export const TwoFactorLoginRequestSchema = z
  .object({
    username: z.string().trim().min(1).max(320),
    challenge: z.string().min(1).max(200),
    code: SixDigitCodeSchema.optional(),
    recoveryCode: RecoveryCodeInputSchema.optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    path: ['code'],
    error: TWO_FACTOR_MESSAGES.codeRequired,
  })
export type TwoFactorLoginRequest = z.infer<typeof TwoFactorLoginRequestSchema>

/** GET …/currentProfile/two-factor: whether it is on, and how many recovery codes are left. */
export const TwoFactorStatusSchema = z.object({
  /** false for a single sign-on account: its provider looks after it */
  available: z.boolean(),
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
})
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>

/** POST …/two-factor/setup: a new secret, shown as a QR code (otpauthUrl) and as text for typing in. */
export const TwoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
})
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>

export const TwoFactorConfirmRequestSchema = z.object({ code: SixDigitCodeSchema })

/** The recovery codes in plain text: in this answer only, never again. */
export const RecoveryCodesSchema = z.object({
  recoveryCodes: z.array(z.string()),
  status: TwoFactorStatusSchema,
})
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>

/** Turning off or making new recovery codes: the password, or a current code. */
export const TwoFactorProofSchema = z
  .object({
    password: z.string().min(1).max(1024).optional(),
    code: SixDigitCodeSchema.optional(),
  })
  .refine((body) => body.password !== undefined || body.code !== undefined, {
    path: ['password'],
    error: TWO_FACTOR_MESSAGES.proofRequired,
  })
export type TwoFactorProof = z.infer<typeof TwoFactorProofSchema>
