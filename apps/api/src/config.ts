import path from 'node:path'
import {
  type GoogleAnalyticsConfig,
  GoogleAnalyticsEnvSchema,
  googleAnalyticsConfig,
  type LogLevel,
  optionalNonEmptyEnv as optionalNonEmpty,
  SharedServiceEnvSchema,
} from '@canopy/contracts'
import { artifactsRoot, checkedSecretsKey } from '@canopy/db'
import { z } from 'zod'

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..')

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')

/** The environment variables of the API (README lists them); unset or empty means the default. */
const EnvSchema = SharedServiceEnvSchema.extend(GoogleAnalyticsEnvSchema.shape).extend({
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  PUBLIC_URL: optionalNonEmpty.pipe(z.url().optional()),
  WEB_DIST_DIR: optionalNonEmpty,
  COOKIE_SECURE: optionalNonEmpty.pipe(booleanFromEnv.optional()),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(336),
  SMTP_URL: optionalNonEmpty,
  MAIL_DIR: optionalNonEmpty,
  MAIL_FROM: optionalNonEmpty,
  LOGIN_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  TRUST_PROXY: optionalNonEmpty,
  ARTIFACTS_DIR: optionalNonEmpty,
  QUEUE_FIRST_SCANS: optionalNonEmpty.pipe(booleanFromEnv.optional()),
  RESULTS_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  NODE_ENV: optionalNonEmpty,
  /** the /env page's answer; default: everywhere but NODE_ENV=production */
  ENV_PAGE: optionalNonEmpty.pipe(booleanFromEnv.optional()),
  /** the commit the build was made from, shown on /env */
  GIT_COMMIT: optionalNonEmpty,
  STRIPE_SECRET_KEY: optionalNonEmpty,
  STRIPE_PUBLISHABLE_KEY: optionalNonEmpty,
  STRIPE_WEBHOOK_SECRET: optionalNonEmpty,
  /** another Stripe API than Stripe's own (the local fake): its base URL */
  STRIPE_API_URL: optionalNonEmpty.pipe(z.url().optional()),
})

/** The payment provider's settings (Stripe); billing is off while they are not set. */
export interface BillingConfig {
  secretKey: string
  publishableKey: string
  webhookSecret: string
  /** where the Stripe API is when it is not Stripe's own (the local fake), e.g. http://127.0.0.1:12111 */
  apiUrl: string | null
}

export interface Config {
  databaseUrl: string
  redisUrl: string
  queuePrefix: string
  host: string
  port: number
  /** without a trailing slash */
  publicUrl: string
  webDistDir: string
  cookieSecure: boolean
  sessionTtlHours: number
  logLevel: LogLevel
  smtpUrl: string | null
  mailDir: string
  mailFrom: string
  loginRateLimitMax: number
  /** Fastify's trustProxy: behind a reverse proxy the client address (rate limits, logs) comes from X-Forwarded-For */
  trustProxy: boolean | number | string
  /** where the worker leaves screenshots and HTML snapshots (packages/db artifacts layout) */
  artifactsDir: string
  /** at start, queue the first full scan of every site that has never been scanned (default true) */
  queueFirstScans: boolean
  /** how long results answers are kept per site (plugins/app/results-cache.ts); 0 keeps none */
  resultsCacheTtlMs: number
  /** the OpenAPI UI and document answer without sign-in (everywhere but NODE_ENV=production) */
  publicApiDocs: boolean
  /** CANOPY_SECRETS_KEY (checked at start); null: no secret can be stored (plugins/app/secrets.ts) */
  secretsKey: string | null
  /** NODE_ENV, or development */
  environment: string
  /** GET /api/v1/env answers (404 when false: production hosts) */
  envPage: boolean
  gitCommit: string | null
  /** null: billing is not configured (its subscription endpoints answer 503) */
  billing: BillingConfig | null
  /** Google's OAuth client and GA4 endpoints (web analytics); null when no client id and secret are set */
  googleAnalytics: GoogleAnalyticsConfig | null
}

/** 'true'/'false', a number of proxy hops, or comma-separated proxy addresses/CIDRs. */
function parseTrustProxy(raw: string | undefined): boolean | number | string {
  if (!raw || raw === 'false' || raw === '0') return false
  if (raw === 'true') return true
  if (/^\d+$/.test(raw)) return Number(raw)
  return raw
}

type BillingEnv = Pick<
  z.infer<typeof EnvSchema>,
  'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL'
>

/** Billing needs the secret key, the publishable key and the webhook secret together, or none of them. */
function parseBilling(vars: BillingEnv): BillingConfig | null {
  const keys = {
    STRIPE_SECRET_KEY: vars.STRIPE_SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: vars.STRIPE_PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: vars.STRIPE_WEBHOOK_SECRET,
  }
  const missing = Object.entries(keys).filter(([, value]) => !value)
  if (missing.length === 3) return null
  if (missing.length > 0) {
    const names = missing.map(([name]) => name).join(', ')
    throw new Error(`Invalid environment: ${names} must be set too when any STRIPE_ key is set`)
  }
  return {
    secretKey: vars.STRIPE_SECRET_KEY as string,
    publishableKey: vars.STRIPE_PUBLISHABLE_KEY as string,
    webhookSecret: vars.STRIPE_WEBHOOK_SECRET as string,
    apiUrl: vars.STRIPE_API_URL ?? null,
  }
}

/** Reads the configuration once at start; a wrong value stops the process with the variable named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid environment: ${problems.join('; ')}`)
  }
  const vars = parsed.data
  // A wildcard listen address is not a place a browser can reach.
  const reachableHost = vars.HOST === '0.0.0.0' || vars.HOST === '::' ? '127.0.0.1' : vars.HOST
  const publicUrl = (vars.PUBLIC_URL ?? `http://${reachableHost}:${vars.PORT}`).replace(/\/+$/, '')
  const publicHost = new URL(publicUrl).hostname
  // An address literal or a bare host name makes a poor sender domain.
  const mailDomain = /^[\d.]+$|^\[/.test(publicHost) || !publicHost.includes('.') ? 'localhost' : publicHost
  return {
    databaseUrl: vars.DATABASE_URL,
    redisUrl: vars.REDIS_URL,
    queuePrefix: vars.CANOPY_QUEUE_PREFIX,
    host: vars.HOST,
    port: vars.PORT,
    publicUrl,
    webDistDir: path.resolve(vars.WEB_DIST_DIR ?? path.join(REPO_ROOT, 'apps/web/dist')),
    cookieSecure: vars.COOKIE_SECURE ?? publicUrl.startsWith('https:'),
    sessionTtlHours: vars.SESSION_TTL_HOURS,
    logLevel: vars.LOG_LEVEL,
    smtpUrl: vars.SMTP_URL ?? null,
    mailDir: path.resolve(vars.MAIL_DIR ?? path.join(REPO_ROOT, '.data/mail')),
    mailFrom: vars.MAIL_FROM ?? `Canopy <no-reply@${mailDomain}>`,
    loginRateLimitMax: vars.LOGIN_RATE_LIMIT_MAX,
    trustProxy: parseTrustProxy(vars.TRUST_PROXY),
    artifactsDir: artifactsRoot({ ARTIFACTS_DIR: vars.ARTIFACTS_DIR }),
    queueFirstScans: vars.QUEUE_FIRST_SCANS ?? true,
    resultsCacheTtlMs: vars.RESULTS_CACHE_TTL_MS,
    publicApiDocs: vars.NODE_ENV !== 'production',
    secretsKey: checkedSecretsKey(vars.CANOPY_SECRETS_KEY),
    environment: vars.NODE_ENV ?? 'development',
    envPage: vars.ENV_PAGE ?? vars.NODE_ENV !== 'production',
    gitCommit: vars.GIT_COMMIT ?? null,
    billing: parseBilling(vars),
    googleAnalytics: googleAnalyticsConfig(vars),
  }
}
