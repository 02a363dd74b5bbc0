import { z } from 'zod'
import { ORGANISATION_MESSAGES } from './organisations.js'

/** Single sign-on texts: the landing pages' word for word as the product shows them, then the settings'. */
export const SSO_MESSAGES = {
  registered:
    'Your account has been registered. An email has been sent to verify your account and finish registration.',
  error: 'Something went wrong during sign-on. Please contact us if this continues.',
  errorTitle: 'SSO Error',
  passwordRefused:
    'This email address signs in with single sign-on. Go back and choose the login button of your organisation.',
  idInvalid: 'The identifier must be 2 to 40 lowercase letters, digits and hyphens, starting with a letter.',
  idReserved: 'This identifier is reserved. Please choose another.',
  idTaken: 'Another provider already uses this identifier.',
  titleRequired: 'Please enter the name shown on the login button.',
  iconInvalid: 'The icon must be an https:// address.',
  issuerInvalid: 'The issuer must be an https:// address (http:// only for a provider on this machine).',
  discoveryFailed: (reason: string) =>
    `The issuer could not be discovered (its /.well-known/openid-configuration): ${reason}`,
  clientIdRequired: 'Please enter the client ID.',
  clientSecretRequired: 'Please enter the client secret.',
  domainsRequired: 'Please enter at least one email domain.',
  domainInvalid: (domain: string) => `'${domain}' is not an email domain such as example.com.`,
  domainTaken: (domain: string) => `The domain ${domain} already signs in with another provider.`,
  notFound: "We couldn't find that single sign-on provider.",
  organisationNotFound: ORGANISATION_MESSAGES.notFound,
  notAdministrator: 'Only the administrators of the organisation can manage its single sign-on.',
  saved: 'Single sign-on provider saved',
  deleted: 'Single sign-on provider deleted',
  takenMeanwhile:
    'Another provider took this identifier or one of these domains meanwhile. Please try again.',
  returnUrlInvalid: 'The address must be a page of this application.',
  callbackInvalid: "The callback must be this application's /auth/sso.",
} as const

/**
 * Identifiers that a provider cannot take: they are the first segment of other pages of the app
 * (/{id}/login) or other paths under /auth.
 */
export const RESERVED_SSO_PROVIDER_IDS = [
  'account',
  'api',
  'auth',
  'billing',
  'check',
  'check-sso',
  'current-user',
  'debug',
  'ga4',
  'healthz',
  'invites',
  'legal',
  'oauth',
  'organisations',
  'password',
  'register',
  'site',
  'socket-io',
  'sso',
  'staff',
] as const

const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/

export const SsoDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .superRefine((domain, context) => {
    if (!DOMAIN_PATTERN.test(domain))
      context.addIssue({ code: 'custom', message: SSO_MESSAGES.domainInvalid(domain) })
  })

const httpUrl = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(2000, message)
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), message)

const SsoProviderFieldsSchema = z.object({
  title: z.string({ error: SSO_MESSAGES.titleRequired }).trim().min(1, SSO_MESSAGES.titleRequired).max(80),
  iconUrl: z
    .string()
    .trim()
    .max(2000)
    .nullish()
    .transform((value) => value || null)
    .refine(
      (value) => value === null || (URL.canParse(value) && value.startsWith('https://')),
      SSO_MESSAGES.iconInvalid,
    ),
  issuerUrl: httpUrl(SSO_MESSAGES.issuerInvalid),
  clientId: z
    .string({ error: SSO_MESSAGES.clientIdRequired })
    .trim()
    .min(1, SSO_MESSAGES.clientIdRequired)
    .max(500),
  enabled: z.boolean().default(true),
  domains: z
    .array(SsoDomainSchema, { error: SSO_MESSAGES.domainsRequired })
    .min(1, SSO_MESSAGES.domainsRequired)
    .max(50)
    .transform((domains) => [...new Set(domains)]),
})

export const CreateSsoProviderRequestSchema = SsoProviderFieldsSchema.extend({
  id: z
    .string({ error: SSO_MESSAGES.idInvalid })
    .trim()
    .regex(/^[a-z][a-z0-9-]{1,39}$/, SSO_MESSAGES.idInvalid)
    .refine((id) => !(RESERVED_SSO_PROVIDER_IDS as readonly string[]).includes(id), SSO_MESSAGES.idReserved),
  clientSecret: z
    .string({ error: SSO_MESSAGES.clientSecretRequired })
    .min(1, SSO_MESSAGES.clientSecretRequired)
    .max(2000),
})
export type CreateSsoProviderRequest = z.infer<typeof CreateSsoProviderRequestSchema>

/** An update keeps the stored client secret when none is given. */
export const UpdateSsoProviderRequestSchema = SsoProviderFieldsSchema.extend({
  clientSecret: z
    .string()
    .max(2000)
    .nullish()
    .transform((value) => value || null),
})
export type UpdateSsoProviderRequest = z.infer<typeof UpdateSsoProviderRequestSchema>

/** A provider as its organisation's administrators see it: the client secret is never sent back. */
export const SsoProviderSchema = z.object({
  id: z.string(),
  organisationId: z.string(),
  title: z.string(),
  iconUrl: z.string().nullable(),
  issuerUrl: z.string(),
  clientId: z.string(),
  enabled: z.boolean(),
  domains: z.array(z.string()),
  /** the provider's sign-in page in this application, /{id}/login */
  loginUrl: z.string(),
})
export type SsoProvider = z.infer<typeof SsoProviderSchema>

export const SsoProviderListSchema = z.object({
  providers: z.array(SsoProviderSchema),
  /** the redirect URI to register at every provider (the API's /auth/sso) */
  callbackUrl: z.string(),
})
export type SsoProviderList = z.infer<typeof SsoProviderListSchema>

export const SsoProviderParamsSchema = z.object({
  id: z.string().min(1).max(100),
  providerId: z.string().min(1).max(100),
})
export const SsoOrganisationParamsSchema = z.object({ id: z.string().min(1).max(100) })

/** GET /auth/:provider: where the browser goes afterwards, and the address to suggest at the provider. */
export const SsoStartQuerySchema = z.object({
  success_url: z.string().max(2000).optional(),
  error_url: z.string().max(2000).optional(),
  cookie_callback: z.string().max(2000).optional(),
  login_hint: z.string().trim().max(320).optional(),
})
export type SsoStartQuery = z.infer<typeof SsoStartQuerySchema>

export const SsoStartParamsSchema = z.object({ provider: z.string().min(1).max(100) })

/** GET /auth/sso: what an OpenID provider sends back (the code flow's parameters, or its error). */
export const SsoCallbackQuerySchema = z
  .object({
    state: z.string().max(500).optional(),
    code: z.string().max(4000).optional(),
    error: z.string().max(500).optional(),
  })
  .loose()
