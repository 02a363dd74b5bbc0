import { z } from 'zod'

/**
 * Scanning pages behind a login: GET/PUT/DELETE /api/v1/sites/:slug/scan-login and POST …/scan-login/test.
 * A site gives scans either a recorded login form (the worker fills it in once per scan) or a cookie set.
 * The secrets (username, password, cookie values) are stored sealed and never sent back: answers say only
 * whether each is set.
 */
export const SCAN_LOGIN_KINDS = ['form', 'cookies'] as const
export type ScanLoginKind = (typeof SCAN_LOGIN_KINDS)[number]

/** How the worker tells it is signed in after submitting the form: an element shows, or a text does. */
export const SCAN_LOGIN_SUCCESS_KINDS = ['selector', 'text'] as const

/** Said before the sign-in's own reason when a scan (or a test) could not sign in. */
export const SCAN_LOGIN_FAILED_PREFIX = 'Could not sign in to scan the site: '

const selector = (what: string) =>
  z
    .string({ error: `Enter the ${what} selector.` })
    .trim()
    .min(1, { error: `Enter the ${what} selector.` })
    .max(500, { error: `The ${what} selector is longer than 500 characters.` })

const webAddress = z
  .string({ error: 'Enter the address of the login page.' })
  .trim()
  .url({ protocol: /^https?$/, error: 'Enter a full web address starting with http:// or https://' })
  .max(2000)

/** What may be shown of a login form: everything but the username and password. */
export const ScanLoginFormSettingsSchema = z.object({
  loginUrl: webAddress,
  usernameSelector: selector('username field'),
  passwordSelector: selector('password field'),
  submitSelector: selector('submit button'),
  successCheck: z.object({
    kind: z.enum(SCAN_LOGIN_SUCCESS_KINDS, {
      error: 'Choose how to tell the sign-in worked: selector or text.',
    }),
    value: z
      .string({ error: 'Enter what shows once signed in.' })
      .trim()
      .min(1, { error: 'Enter what shows once signed in.' })
      .max(500, { error: 'What shows once signed in is longer than 500 characters.' }),
  }),
})
export type ScanLoginFormSettings = z.infer<typeof ScanLoginFormSettingsSchema>

const cookieName = z
  .string({ error: 'Enter the cookie name.' })
  .trim()
  .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, { error: 'Enter a cookie name without spaces or separators.' })
  .max(200)
const cookieDomain = z
  .string({ error: 'Enter the cookie domain.' })
  .trim()
  .regex(/^\.?[A-Za-z0-9.-]+$|^\[[0-9a-fA-F:]+\]$/, { error: 'Enter a domain such as example.org.' })
  .max(253)
const cookiePath = z
  .string()
  .trim()
  .regex(/^\//, { error: 'A cookie path starts with /.' })
  .max(500)
  .default('/')

/** A cookie as shown: its value is a secret. */
export const ScanLoginCookieSchema = z.object({
  name: cookieName,
  domain: cookieDomain,
  path: cookiePath,
})
export type ScanLoginCookie = z.infer<typeof ScanLoginCookieSchema>

export const ScanLoginSchema = z.object({
  /** null: scans do not sign in */
  kind: z.enum(SCAN_LOGIN_KINDS).nullable(),
  form: ScanLoginFormSettingsSchema.extend({ usernameSet: z.boolean(), passwordSet: z.boolean() }).nullable(),
  cookies: z.array(ScanLoginCookieSchema.extend({ valueSet: z.boolean() })).nullable(),
  updatedAt: z.string().nullable(),
})
export type ScanLogin = z.infer<typeof ScanLoginSchema>

const secretText = (error: string) => z.string().max(1000, { error }).optional()

/**
 * A login form to record. An empty or absent username or password keeps the one stored (a form is needed
 * to keep anything); the service answers 400 naming the field when there is none to keep.
 */
export const PutScanLoginFormSchema = ScanLoginFormSettingsSchema.extend({
  username: secretText('The username is longer than 1000 characters.'),
  password: secretText('The password is longer than 1000 characters.'),
})

/** A cookie set: a cookie without a value keeps the stored value of the cookie of the same name, domain and path. */
export const PutScanLoginCookiesSchema = z
  .array(
    ScanLoginCookieSchema.extend({ value: secretText('A cookie value is longer than 1000 characters.') }),
    {
      error: 'Add at least one cookie.',
    },
  )
  .min(1, { error: 'Add at least one cookie.' })
  .max(50, { error: 'Add at most 50 cookies.' })

/** The sign-in to store: `form` for kind form, `cookies` for kind cookies (the other is left out). */
export const PutScanLoginRequestSchema = z
  .object({
    kind: z.enum(SCAN_LOGIN_KINDS, { error: 'Choose how scans sign in: form or cookies.' }),
    form: PutScanLoginFormSchema.optional(),
    cookies: PutScanLoginCookiesSchema.optional(),
  })
  .superRefine((body, context) => {
    if (body.kind === 'form' && !body.form)
      context.addIssue({ code: 'custom', path: ['form'], message: 'Enter the login form.' })
    if (body.kind === 'cookies' && !body.cookies)
      context.addIssue({ code: 'custom', path: ['cookies'], message: 'Add at least one cookie.' })
  })
export type PutScanLoginRequest = z.infer<typeof PutScanLoginRequestSchema>

/** The sealed part, as stored: the secrets of the login's kind. */
export const ScanLoginSecretsSchema = z.union([
  z.object({ username: z.string(), password: z.string() }),
  z.object({ cookieValues: z.array(z.string()) }),
])
export type ScanLoginSecrets = z.infer<typeof ScanLoginSecretsSchema>

/** The result of a test sign-in through the worker. */
export const ScanLoginTestResultSchema = z.object({
  ok: z.boolean(),
  /** what happened, in words a site admin can act on */
  message: z.string(),
})
export type ScanLoginTestResult = z.infer<typeof ScanLoginTestResultSchema>

/** How long the API waits for the worker's test sign-in before answering that it took too long. */
export const SCAN_LOGIN_TEST_TIMEOUT_MS = 60_000
