import { z } from 'zod'
import { isPasswordLongEnough, REGISTRATION_MESSAGES } from './auth.js'

/**
 * The job and industry roles a profile may name. The product does not list them; this list is our
 * decision (spec README: three role concepts), kept short and ending with 'Other'.
 */
export const USER_ROLE_OPTIONS = [
  'Accessibility specialist',
  'Content editor',
  'Designer',
  'Developer',
  'Marketing',
  'Manager',
  'Other',
] as const

export const PROFILE_MESSAGES = {
  roleUpdated: 'Role updated successfully',
  roleUpdateFailed: 'Failed to update role',
  accountUpdated: 'Account updated',
  userAccount: 'User account',
  currentPasswordWrong: 'The current password is not correct.',
  noPassword: 'This account signs in with single sign-on and has no password to change.',
  tokensNotAllowed: 'This can only be done from a signed-in browser, not with an API token.',
  readTokenNoWrite: 'This API token may only read.',
  productNewsConsentInvalid: 'productNewsConsent must be true or false.',
} as const

export const CurrentProfileSchema = z.object({
  id: z.string(),
  sys: z.object({ id: z.string() }),
  userRole: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  hasAvatar: z.boolean(),
  /** consent to product news e-mails: recorded for the operator, Canopy sends no newsletter itself */
  productNewsConsent: z.boolean(),
  /** when the consent was given; null while it is not */
  productNewsConsentAt: z.string().nullable(),
  credentials: z.object({
    provider: z.object({ name: z.string() }),
    passwordChangeFrequency: z.number().nullable(),
  }),
})
export type CurrentProfile = z.infer<typeof CurrentProfileSchema>

const nameField = (message: string) => z.string({ error: message }).trim().min(1, message).max(100)

/** Every field optional: the role alone (as the product sends it with the user id) or the names. */
export const UpdateCurrentProfileSchema = z
  .object({
    id: z.string().optional(),
    firstName: nameField(REGISTRATION_MESSAGES.firstname).optional(),
    lastName: nameField(REGISTRATION_MESSAGES.lastname).optional(),
    userRole: z
      .enum(USER_ROLE_OPTIONS, { error: `Choose one of: ${USER_ROLE_OPTIONS.join(', ')}.` })
      .nullable()
      .optional(),
    productNewsConsent: z.boolean({ error: PROFILE_MESSAGES.productNewsConsentInvalid }).optional(),
  })
  // An empty change is a mistake of the caller: named on the job role, the field the screen saves alone.
  .refine(
    (body) => ['firstName', 'lastName', 'userRole', 'productNewsConsent'].some((field) => field in body),
    {
      message: 'Send firstName, lastName, userRole or productNewsConsent.',
      path: ['userRole'],
    },
  )
export type UpdateCurrentProfile = z.infer<typeof UpdateCurrentProfileSchema>

export const ChangePasswordSchema = z.object({
  currentPassword: z
    .string({ error: 'You must enter your current password.' })
    .min(1, 'You must enter your current password.')
    .max(1024),
  password: z
    .string({ error: REGISTRATION_MESSAGES.password })
    .min(1, REGISTRATION_MESSAGES.password)
    .max(1024)
    .refine(isPasswordLongEnough, REGISTRATION_MESSAGES.weakPassword),
})
export type ChangePassword = z.infer<typeof ChangePasswordSchema>

export const UserSessionSchema = z.object({
  id: z.string(),
  device: z.string(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
})
export type UserSession = z.infer<typeof UserSessionSchema>
export const UserSessionListSchema = z.object({ sessions: z.array(UserSessionSchema) })
export const SignedOutCountSchema = z.object({ signedOut: z.number().int() })

export const AVATAR_MIN_SIZE_PX = 24
export const AVATAR_MAX_SIZE_PX = 1024
export const AVATAR_DEFAULT_SIZE_PX = 64
/** An uploaded photo larger than this is refused before it is decoded. */
export const AVATAR_UPLOAD_MAX_BYTES = 5 * 1024 * 1024
export const AVATAR_FALLBACK_ID = 'N/A'
/** The twelve avatar colours by name, each with the shade we draw it in (white initials stay readable). */
export const AVATAR_COLOURS = [
  { name: 'Blue', hex: '#1f5fbf' },
  { name: 'Charcoal', hex: '#36454f' },
  { name: 'Cobalt', hex: '#0047ab' },
  { name: 'Grey', hex: '#5f6368' },
  { name: 'Green', hex: '#1e7b34' },
  { name: 'Pink', hex: '#b4266b' },
  { name: 'Orange', hex: '#b54708' },
  { name: 'Violet', hex: '#6a3fb5' },
  { name: 'Red', hex: '#c0262d' },
  { name: 'Ruby', hex: '#9b111e' },
  { name: 'Yellow', hex: '#8a6d00' },
  { name: 'Teal', hex: '#0f766e' },
] as const

export const AVATAR_SIZE_MESSAGE = `size must be a whole number of pixels from ${AVATAR_MIN_SIZE_PX} to ${AVATAR_MAX_SIZE_PX}.`

export const AvatarQuerySchema = z.object({
  size: z.coerce
    .number({ error: AVATAR_SIZE_MESSAGE })
    .int(AVATAR_SIZE_MESSAGE)
    .min(AVATAR_MIN_SIZE_PX, AVATAR_SIZE_MESSAGE)
    .max(AVATAR_MAX_SIZE_PX, AVATAR_SIZE_MESSAGE)
    .default(AVATAR_DEFAULT_SIZE_PX),
  initials: z.enum(['true', 'false'], { error: 'initials must be true or false.' }).default('true'),
})

export const API_TOKEN_ACCESS = ['read', 'write'] as const
export type ApiTokenAccess = (typeof API_TOKEN_ACCESS)[number]

export const CreateApiTokenSchema = z.object({
  name: z.string({ error: 'You must name the token.' }).trim().min(1, 'You must name the token.').max(100),
  access: z.enum(API_TOKEN_ACCESS, { error: 'access must be read or write.' }),
  /** null or absent: every site the user sees, now and later */
  sites: z
    .array(z.string().min(1).max(200))
    .min(1, 'Choose at least one site.')
    .max(500)
    .nullable()
    .default(null),
  expiresAt: z.iso
    .datetime({ offset: true, error: 'expiresAt must be a date and time.' })
    .nullable()
    .default(null),
})
export type CreateApiToken = z.input<typeof CreateApiTokenSchema>

export const ApiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  access: z.enum(API_TOKEN_ACCESS),
  sites: z.array(z.object({ slug: z.string(), siteName: z.string() })).nullable(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
})
export type ApiToken = z.infer<typeof ApiTokenSchema>
export const ApiTokenListSchema = z.object({ tokens: z.array(ApiTokenSchema) })
/** The token itself is in this answer only: it is stored hashed. */
export const CreatedApiTokenSchema = ApiTokenSchema.extend({ token: z.string() })
export type CreatedApiToken = z.infer<typeof CreatedApiTokenSchema>
/** API tokens start with this, so that a leaked one is easy to recognise and search for. */
export const API_TOKEN_PREFIX = 'cnp_'
