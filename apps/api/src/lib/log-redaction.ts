import type { FastifyRequest } from 'fastify'

/** Query parameters that carry a secret (a sign-in, verification, reset or invite token, a password). */
const SECRET_PARAMS = /^(token|code|password|secret|key|signature)$/i
/**
 * Path segments that are themselves secrets: the token of an invite link (/invites/:token and the API's
 * /api/v1/invites/:token…; a site slug in the same place is redacted too, which costs nothing).
 */
const SECRET_PATH = /^(\/(?:api\/v1\/)?invites\/)([^/?#]+)/

export const REDACTED = '[redacted]'

/**
 * A request URL as it may be written to a log: the values of secret query parameters and the token of an
 * invite path are replaced, so a log reader cannot use a link a user was sent.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?')
  const path = queryAt === -1 ? url : url.slice(0, queryAt)
  const redactedPath = path.replace(SECRET_PATH, (_match, prefix: string) => `${prefix}${REDACTED}`)
  if (queryAt === -1) return redactedPath
  const query = new URLSearchParams(url.slice(queryAt + 1))
  for (const name of [...new Set(query.keys())]) {
    if (SECRET_PARAMS.test(name)) query.set(name, REDACTED)
  }
  return `${redactedPath}?${query.toString()}`
}

/** The logger's request serializer: Fastify's fields, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}
