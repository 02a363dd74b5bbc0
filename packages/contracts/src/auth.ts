import { z } from 'zod'

export const REGISTRATION_CREDIT_LIMIT = 250
/** Long passwords instead of composition rules; the server also refuses guessable ones (password-strength.ts). */
export const PASSWORD_MIN_LENGTH = 12

export const UserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  email: z.string(),
  isStaff: z.boolean(),
  /** while a staff member acts as this user: who they really are (the banner and the way back) */
  masqueradedBy: z
    .object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() })
    .nullable()
    .optional(),
})
export type User = z.infer<typeof UserSchema>

export const EmailCheckRequestSchema = z.object({ identifier: z.string().trim().min(1).max(320) })
export const EmailCheckResponseSchema = z.object({
  isSSO: z.boolean(),
  ssoProvider: z.string().nullable(),
  ssoIcon: z.string().nullable(),
  title: z.string().nullable(),
})
export type EmailCheckResponse = z.infer<typeof EmailCheckResponseSchema>

export const LoginRequestSchema = z.object({
  username: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1024),
})
export type LoginRequest = z.infer<typeof LoginRequestSchema>

export const AuthCheckResponseSchema = z.object({ authenticated: z.boolean() })
export const NetworkHealthResponseSchema = z.object({ error: z.string().nullable() })

/** Registration messages, word for word as the product shows them. */
export const REGISTRATION_MESSAGES = {
  firstname: 'You must enter your first name.',
  lastname: 'You must enter your surname.',
  email: 'You must enter an email address.',
  password: 'You must enter a password.',
  confirmPassword: 'You must confirm your password.',
  passwordsDoNotMatch: 'Passwords do not match.',
  weakPassword: 'The password you have entered does not meet the minimum requirements.',
  emailDomain: (domain: string) => `Your email must be on the ${domain} domain`,
} as const

/** The password rule in words, shown wherever a password is set (the web forms, scripts/create-admin). */
export const PASSWORD_RULE_DESCRIPTION = `At least ${PASSWORD_MIN_LENGTH} characters. Common passwords, and ones made of your name or e-mail address, are refused.`

/** At least PASSWORD_MIN_LENGTH characters (counted as a person sees them: an emoji is one). */
export function isPasswordLongEnough(password: string): boolean {
  return [...password].length >= PASSWORD_MIN_LENGTH
}

export const RegistrationRequestSchema = z.object({
  firstname: z
    .string({ error: REGISTRATION_MESSAGES.firstname })
    .trim()
    .min(1, REGISTRATION_MESSAGES.firstname)
    .max(100),
  lastname: z
    .string({ error: REGISTRATION_MESSAGES.lastname })
    .trim()
    .min(1, REGISTRATION_MESSAGES.lastname)
    .max(100),
  email: z
    .string({ error: REGISTRATION_MESSAGES.email })
    .trim()
    .min(1, REGISTRATION_MESSAGES.email)
    .max(320)
    .pipe(z.email({ error: 'You must enter a valid email address.' })),
  credentials: z.object(
    {
      password: z
        .string({ error: REGISTRATION_MESSAGES.password })
        .min(1, REGISTRATION_MESSAGES.password)
        .max(1024)
        .refine(isPasswordLongEnough, REGISTRATION_MESSAGES.weakPassword),
    },
    { error: REGISTRATION_MESSAGES.password },
  ),
  invite: z.object({ token: z.string().min(1).max(200), siteAlias: z.string().min(1).max(200) }).optional(),
  creditLimit: z.number().int().min(0).max(1_000_000).optional(),
  redirect_url: z.string().max(2000).optional(),
})
export type RegistrationRequest = z.infer<typeof RegistrationRequestSchema>

/** Email invites sign the user in at once; others must verify their e-mail first. */
/** The user comes back only when signed in: otherwise the answer is the same whether the address was new or not. */
export const RegistrationResponseSchema = z.object({
  user: UserSchema.optional(),
  signedIn: z.boolean(),
  verificationRequired: z.boolean(),
})
export type RegistrationResponse = z.infer<typeof RegistrationResponseSchema>

export const VerifyQuerySchema = z.object({
  user: z.string().min(1).max(100),
  token: z.string().min(1).max(200),
  redirect_url: z.string().max(2000).optional(),
  skipRedirect: z.enum(['true', 'false']).optional(),
})
export const VerifyResponseSchema = z.object({ success: z.boolean(), redirectUrl: z.string().optional() })

/** POST /auth/check-sso as the API validates it: the identifier must look like an e-mail address. */
export const EmailCheckBodySchema = z.object({
  identifier: z
    .string({ error: REGISTRATION_MESSAGES.email })
    .trim()
    .min(1, REGISTRATION_MESSAGES.email)
    .max(320)
    .pipe(z.email({ error: 'You must enter a valid email address.' })),
})

/** Password reset messages, word for word as the product shows them. */
export const PASSWORD_RESET_MESSAGES = {
  emailRequired: 'Please enter your email address',
  requestFailed: 'Your request could not be processed. Please check your details and try again later.',
  requestSent:
    "An email has been sent with a link to reset your password. The link expires in one hour. If you can't find it, please check your spam folder.",
  weakPassword: 'The password you have entered does not meet the minimum requirements.',
  passwordsDoNotMatch: 'The passwords you entered do not match. Please check your password and try again.',
  resetFailed: 'Your request could not be processed. Please try again later.',
} as const

/** A reset link works for one hour. */
export const PASSWORD_RESET_LINK_TTL_MS = 60 * 60 * 1000

/** POST /account/reset: the answer is the same whether or not the address has an account. */
export const PasswordResetRequestSchema = z.object({
  email: z
    .string({ error: PASSWORD_RESET_MESSAGES.emailRequired })
    .trim()
    .min(1, PASSWORD_RESET_MESSAGES.emailRequired)
    .max(320)
    .pipe(z.email({ error: 'You must enter a valid email address.' })),
})
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>

/** POST /account/reset/password: the token from the e-mailed link and the new password (same rule as registration). */
export const PasswordResetSubmitSchema = z.object({
  token: z
    .string({ error: 'The password reset link is incomplete.' })
    .min(1, 'The password reset link is incomplete.')
    .max(200),
  password: z
    .string({ error: PASSWORD_RESET_MESSAGES.weakPassword })
    .max(1024)
    .refine(isPasswordLongEnough, PASSWORD_RESET_MESSAGES.weakPassword),
})
export type PasswordResetSubmit = z.infer<typeof PasswordResetSubmitSchema>

/** The answer of an action that has nothing else to say. */
export const OkResponseSchema = z.object({ ok: z.literal(true) })
