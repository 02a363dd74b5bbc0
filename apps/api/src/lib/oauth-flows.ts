import { randomBytes } from 'node:crypto'
import { toSameOriginPath } from '@canopy/contracts'
import type { Redis } from 'ioredis'
import { badRequest } from '../http-errors.js'

// What a browser redirect flow (OAuth 2.0 / OpenID Connect sign-on or connection) keeps while the browser is
// at the provider: stored server-side under a random state, for a limited time, and taken back once, so a
// callback can be neither forged nor replayed.

export interface OAuthFlowStore<Flow> {
  /** Keeps the flow and answers the state that names it. */
  start(flow: Flow): Promise<string>
  /** The flow `state` names, removed as it is read; null when unknown, used or expired. */
  take(state: string | undefined): Promise<Flow | null>
}

export function createOAuthFlowStore<Flow>({
  redis,
  keyPrefix,
  ttlSeconds,
  stateBytes = 32,
}: {
  redis: Redis
  /** the flows' Redis key prefix, e.g. `${queuePrefix}:sso` */
  keyPrefix: string
  ttlSeconds: number
  /** random bytes in a state (base64url in the URL) */
  stateBytes?: number
}): OAuthFlowStore<Flow> {
  const key = (state: string) => `${keyPrefix}:${state}`
  return {
    async start(flow) {
      const state = randomBytes(stateBytes).toString('base64url')
      await redis.set(key(state), JSON.stringify(flow), 'EX', ttlSeconds)
      return state
    },
    async take(state) {
      const stored = state ? await redis.getdel(key(state)) : null
      return stored ? (JSON.parse(stored) as Flow) : null
    },
  }
}

/**
 * The page a redirect flow returns the browser to, on this application only (no open redirect): `value` as a
 * path of PUBLIC_URL's origin, `fallback` when it is absent, a 400 naming `field` otherwise.
 */
export function readReturnPath(
  value: string | undefined,
  {
    field,
    fallback,
    publicUrl,
    invalidMessage,
  }: {
    field: string
    fallback: string
    publicUrl: string
    invalidMessage: string
  },
): string {
  if (!value) return fallback
  const path = toSameOriginPath(value, publicUrl)
  if (!path) throw badRequest(field, invalidMessage)
  return path
}
