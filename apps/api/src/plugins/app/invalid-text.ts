import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { badRequest } from '../../http-errors.js'

/** The answer for a value PostgreSQL's text cannot hold, named by its field like every other 400. */
export const INVALID_TEXT_MESSAGE =
  'This value holds a character that cannot be stored (a NUL character or a broken Unicode sequence).'

const MAX_DEPTH = 32

/** A UTF-16 surrogate without its partner: it has no UTF-8 form. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Text that PostgreSQL's text and JSON types cannot store: a NUL, or a lone UTF-16 surrogate. */
function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text)
}

/** The path of the first string in `value` (object keys included) that cannot be stored, or null. */
export function findUnstorableText(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null
  if (Buffer.isBuffer(value)) return null
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [String(index), item])
    : Object.entries(value)
  for (const [key, item] of entries) {
    if (!isStorableText(key)) return [...path, key.replaceAll('\u0000', '')]
    const found = findUnstorableText(item, [...path, key], depth + 1)
    if (found) return found
  }
  return null
}

function rejectUnstorable(parts: unknown[]) {
  for (const part of parts) {
    const path = findUnstorableText(part)
    if (path) throw badRequest(path.join('.') || 'body', INVALID_TEXT_MESSAGE)
  }
}

/**
 * Every request's path parameters, query and body are checked in this one place, the parameters and query
 * before any other hook reads them (the site-access check looks the slug up) and the body once it is
 * parsed: a NUL or a broken surrogate in any value is a 400 naming the field (dotted for nested ones),
 * never a database error.
 */
async function invalidTextPlugin(fastify: FastifyInstance) {
  fastify.addHook('onRequest', async (request: FastifyRequest) =>
    rejectUnstorable([request.params, request.query]),
  )
  fastify.addHook('preValidation', async (request: FastifyRequest) => rejectUnstorable([request.body]))
}

export default fp(invalidTextPlugin, { name: 'invalid-text' })
