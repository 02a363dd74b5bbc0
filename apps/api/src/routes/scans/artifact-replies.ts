import { createReadStream } from 'node:fs'
import type { FastifyReply } from 'fastify'

/**
 * A stored snapshot is someone else's HTML served from our origin, so it runs nothing: the CSP sandbox
 * blocks scripts, forms, pop-ups and plugins, and script-src 'none' again for good measure. Same-origin is
 * kept so our page renderer can reach into the frame to highlight an element; only our own pages may
 * frame it. Styles, images and fonts still load from the page's own site (the snapshot has a <base href>).
 */
export const SNAPSHOT_CONTENT_SECURITY_POLICY = [
  'sandbox allow-same-origin',
  "default-src 'none'",
  "script-src 'none'",
  "object-src 'none'",
  "base-uri 'self' http: https:",
  'img-src http: https: data:',
  "style-src http: https: 'unsafe-inline'",
  'font-src http: https: data:',
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ')

/** Snapshots and screenshots change only with the next scan (the web caches them for 15 minutes). */
const ARTIFACT_CACHE_CONTROL = 'private, max-age=900'

export function sendSnapshot(reply: FastifyReply, file: string) {
  return reply
    .header('content-security-policy', SNAPSHOT_CONTENT_SECURITY_POLICY)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', ARTIFACT_CACHE_CONTROL)
    .type('text/html; charset=utf-8')
    .send(createReadStream(file))
}

export function sendScreenshot(reply: FastifyReply, file: string) {
  return reply
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', ARTIFACT_CACHE_CONTROL)
    .type('image/png')
    .send(createReadStream(file))
}
