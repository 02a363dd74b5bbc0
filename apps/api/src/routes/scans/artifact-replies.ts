import { createReadStream } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import type { FastifyHelmetOptions } from '@fastify/helmet'
import type { FastifyReply } from 'fastify'

/** The page renderer's frame: the browser marks a document it loads into an iframe. */
function isFramed(request: IncomingMessage): boolean {
  return request.headers['sec-fetch-dest'] === 'iframe'
}

/**
 * A stored snapshot is someone else's HTML served from our origin, so it runs nothing: the CSP sandbox
 * blocks scripts, forms, pop-ups and plugins, and script-src 'none' again for good measure. Only our own
 * pages may frame it; framed, it keeps this origin so that the page renderer can reach into it to highlight
 * an element, and anywhere else (a tab opened on its URL) it is a unique origin. Styles, images and fonts
 * still load from the page's own site (the worker stores it with a <base href>).
 */
export const SNAPSHOT_DIRECTIVES = {
  sandbox: [(request: IncomingMessage) => (isFramed(request) ? 'allow-same-origin' : '')],
  'default-src': ["'none'"],
  'script-src': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'", 'http:', 'https:'],
  'img-src': ['http:', 'https:', 'data:'],
  'style-src': ['http:', 'https:', "'unsafe-inline'"],
  'font-src': ['http:', 'https:', 'data:'],
  'form-action': ["'none'"],
  'frame-ancestors': ["'self'"],
}

/**
 * helmet's options for a route that answers a snapshot. They replace the web app's policy from the first
 * hook on, so the route's errors can be framed as well: the renderer then reads a JSON document and says
 * the page could not be rendered, instead of the browser refusing the frame.
 */
export const SNAPSHOT_HELMET_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: SNAPSHOT_DIRECTIVES },
  xFrameOptions: { action: 'sameorigin' },
} satisfies FastifyHelmetOptions

/** Snapshots and screenshots change only with the next scan (the web caches them for 15 minutes). */
const ARTIFACT_CACHE_CONTROL = 'private, max-age=900'

export function sendSnapshot(reply: FastifyReply, file: string) {
  return (
    reply
      .header('cache-control', ARTIFACT_CACHE_CONTROL)
      // The sandbox depends on Sec-Fetch-Dest: a cached framed copy must not answer a tab.
      .header('vary', 'Sec-Fetch-Dest')
      .type('text/html; charset=utf-8')
      .send(createReadStream(file))
  )
}

/** helmet's nosniff keeps a browser from reading a screenshot as anything but the PNG it is. */
export function sendScreenshot(reply: FastifyReply, file: string) {
  return reply.header('cache-control', ARTIFACT_CACHE_CONTROL).type('image/png').send(createReadStream(file))
}
