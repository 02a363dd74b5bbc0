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
