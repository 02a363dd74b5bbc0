/**
 * Whether an error means PostgreSQL or Redis could not be reached (refused, reset, shut down, timed out
 * connecting), as opposed to a fault of the job itself. Such an error says nothing about the page or scan the
 * job works on, so the job is put back without using an attempt and never recorded as the page's failure.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTCONN',
])

/** PostgreSQL's connection exceptions (08…) and operator intervention (57P01-57P03: shutting down, starting up). */
const POSTGRES_OUTAGE_CODE = /^(08\d{3}|57P0[1-3])$/

/** Prisma's "can't reach the server", "server closed the connection" and "timed out waiting for a connection". */
const PRISMA_OUTAGE_CODES = new Set(['P1001', 'P1002', 'P1017', 'P2024'])

const OUTAGE_MESSAGE =
  /connection (terminated|is closed|refused|reset)|can't reach database server|server closed the connection|the database system is (starting up|shutting down)|terminating connection due to administrator command|Connection is closed|ECONNREFUSED|ECONNRESET/i

function causesOf(error: unknown): unknown[] {
  const chain: unknown[] = []
  let current: unknown = error
  while (current && typeof current === 'object' && chain.length < 8 && !chain.includes(current)) {
    chain.push(current)
    current = (current as { cause?: unknown }).cause
  }
  return chain
}

function isOutageCause(cause: unknown): boolean {
  const { code, originalCode, message, kind } = cause as Record<string, unknown>
  const codes = [code, originalCode].filter((value): value is string => typeof value === 'string')
  return (
    codes.some(
      (value) =>
        NETWORK_CODES.has(value) || PRISMA_OUTAGE_CODES.has(value) || POSTGRES_OUTAGE_CODE.test(value),
    ) ||
    kind === 'DatabaseNotReachable' ||
    (typeof message === 'string' && OUTAGE_MESSAGE.test(message))
  )
}

export function isConnectionError(error: unknown): boolean {
  return causesOf(error).some(isOutageCause)
}
