import { z } from 'zod'

/** Environment variables the API and the worker both read, parsed the same way in both processes. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

/** An unset or blank variable means "use the default". */
export const optionalNonEmptyEnv = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined))

export const SharedServiceEnvSchema = z.object({
  DATABASE_URL: z.string().default('postgresql://postgres@127.0.0.1:5432/canopy'),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  CANOPY_QUEUE_PREFIX: z.string().min(1).default('canopy'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /** 32 bytes in base64: seals the secrets stored in the database (packages/db secrets.ts); unset, none can be stored */
  CANOPY_SECRETS_KEY: optionalNonEmptyEnv,
})

/**
 * Google's OAuth 2.0 and GA4 endpoints the web analytics integration calls (defaults: Google's own), and the
 * OAuth client. Without a client id and secret the integration is not configured: connecting says so.
 */
export const GoogleAnalyticsEnvSchema = z.object({
  GOOGLE_CLIENT_ID: optionalNonEmptyEnv,
  GOOGLE_CLIENT_SECRET: optionalNonEmptyEnv,
  GOOGLE_OAUTH_AUTHORIZE_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_OAUTH_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GA4_ADMIN_API_URL: z.url().default('https://analyticsadmin.googleapis.com'),
  GA4_DATA_API_URL: z.url().default('https://analyticsdata.googleapis.com'),
})

export interface GoogleAnalyticsConfig {
  clientId: string
  clientSecret: string
  authorizeUrl: string
  tokenUrl: string
  /** origins without a trailing slash */
  adminApiUrl: string
  dataApiUrl: string
}

/** The integration's endpoints and client; null when no OAuth client is configured. */
export function googleAnalyticsConfig(
  vars: z.infer<typeof GoogleAnalyticsEnvSchema>,
): GoogleAnalyticsConfig | null {
  if (!vars.GOOGLE_CLIENT_ID || !vars.GOOGLE_CLIENT_SECRET) return null
  return {
    clientId: vars.GOOGLE_CLIENT_ID,
    clientSecret: vars.GOOGLE_CLIENT_SECRET,
    authorizeUrl: vars.GOOGLE_OAUTH_AUTHORIZE_URL,
    tokenUrl: vars.GOOGLE_OAUTH_TOKEN_URL,
    adminApiUrl: vars.GA4_ADMIN_API_URL.replace(/\/+$/, ''),
    dataApiUrl: vars.GA4_DATA_API_URL.replace(/\/+$/, ''),
  }
}
