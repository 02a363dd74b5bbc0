/**
 * Whether an error says PostgreSQL or Redis itself went away (its connection terminated or closed, the server
 * shutting down or starting up, Prisma unable to reach it), as opposed to a fault of the job. Such an error says
 * nothing about the page or scan the job works on, so the job is put back without using an attempt and never
 * recorded as the page's failure.
 *
 * A bare ECONNREFUSED or ECONNRESET is not enough: the scanned site refuses connections too, and that is the
 * page's failure. For those the service monitor's live check decides (start-workers.ts).
 */

/** PostgreSQL's connection exceptions (08…) and operator intervention (57P01-57P03: shutting down, starting up). */
const POSTGRES_OUTAGE_CODE = /^(08\d{3}|57P0[1-3])$/

/** Prisma's "can't reach the server", "server closed the connection" and "timed out waiting for a connection". */
const PRISMA_OUTAGE_CODES = new Set(['P1001', 'P1002', 'P1017', 'P2024'])

const OUTAGE_MESSAGE = new RegExp(
  [
    'Connection terminated', // node-postgres: the server closed the connection
    'Connection is closed', // ioredis: a command on a connection that is gone
    "Can't reach database server",
    'server closed the connection unexpectedly',
    'the database system is (starting up|shutting down|in recovery mode)',
    'terminating connection due to administrator command',
    'Timed out fetching a new connection from the connection pool',
  ].join('|'),
  'i',
)

/** Node's codes of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTCONN',
])

function causesOf(error: unknown): Record<string, unknown>[] {
  const chain: Record<string, unknown>[] = []
  let current: unknown = error
  while (current && typeof current === 'object' && chain.length < 8 && !chain.includes(current as never)) {
    chain.push(current as Record<string, unknown>)
    current = (current as { cause?: unknown }).cause
  }
  return chain
}

function codesOf(cause: Record<string, unknown>): string[] {
  return [cause.code, cause.originalCode].filter((value): value is string => typeof value === 'string')
}

function isOutageCause(cause: Record<string, unknown>): boolean {
  return (
    codesOf(cause).some((code) => PRISMA_OUTAGE_CODES.has(code) || POSTGRES_OUTAGE_CODE.test(code)) ||
    cause.kind === 'DatabaseNotReachable' ||
    (typeof cause.message === 'string' && OUTAGE_MESSAGE.test(cause.message))
  )
}

export function isConnectionError(error: unknown): boolean {
  return causesOf(error).some(isOutageCause)
}

/** Any failed or cut connection: for errors of a connection known to lead to Redis (BullMQ's own). */
export function isNetworkError(error: unknown): boolean {
  return (
    isConnectionError(error) ||
    causesOf(error).some((cause) => codesOf(cause).some((code) => NETWORK_CODES.has(code)))
  )
}
