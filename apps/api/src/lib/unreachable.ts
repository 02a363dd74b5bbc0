/**
 * Whether an error says a service the API depends on (PostgreSQL, Redis) cannot be reached right now,
 * as opposed to a fault in the request or in our code: Prisma's driver adapter names it by kind, pg and
 * Node by a connection error code, PostgreSQL by a shutdown code, ioredis by giving up on a command.
 */
const UNREACHABLE_KINDS = new Set([
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
])
const UNREACHABLE_CODES = new Set([
  'P1001',
  'P1002',
  'P1017',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  '57P01',
  '57P03',
])
const UNREACHABLE_NAMES = new Set(['MaxRetriesPerRequestError'])
const MAX_DEPTH = 5

interface ErrorLike {
  name?: unknown
  code?: unknown
  kind?: unknown
  message?: unknown
  cause?: unknown
  meta?: { driverAdapterError?: unknown }
}

function describesUnreachable(error: ErrorLike): boolean {
  return (
    UNREACHABLE_KINDS.has(String(error.kind)) ||
    UNREACHABLE_CODES.has(String(error.code)) ||
    UNREACHABLE_NAMES.has(String(error.name)) ||
    error.message === 'Connection is closed.'
  )
}

export function isServiceUnreachable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > MAX_DEPTH) return false
  const candidate = error as ErrorLike
  if (describesUnreachable(candidate)) return true
  return (
    isServiceUnreachable(candidate.cause, depth + 1) ||
    isServiceUnreachable(candidate.meta?.driverAdapterError, depth + 1)
  )
}
