import { createHash } from 'node:crypto'
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

type Directives = Record<string, string[]>

/**
 * The <style> rules React Aria inserts, word for word: pressable elements' touch-action, and on iOS the
 * overscroll containment under a modal. The policy admits exactly these by their hashes and no other
 * inline style (helmet.test.ts checks them against the installed React Aria).
 */
export const REACT_ARIA_STYLES = [
  '@layer {\n  [data-react-aria-pressable] {\n    touch-action: pan-x pan-y pinch-zoom;\n  }\n}',
  '@layer {\n  * {\n    overscroll-behavior: contain;\n  }\n}',
]

const styleHash = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`

/**
 * The web app's Content-Security-Policy, sent with every answer (API JSON, errors and the SPA's files):
 * scripts only from files of this origin, never inline; styles too, but for React Aria's own rules;
 * nothing may frame Canopy.
 */
export function webAppDirectives(publicUrl: string): Directives {
  const { protocol, host } = new URL(publicUrl)
  const https = protocol === 'https:'
  const directives: Directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    // React, React Aria and recharts set styles through element.style, which a policy does not govern;
    // style attributes in markup and other <style> elements would need 'unsafe-inline'.
    'style-src': ["'self'", ...REACT_ARIA_STYLES.map(styleHash)],
    // 'self' covers a same-origin WebSocket in current browsers; the Socket.IO address is named for older ones.
    'connect-src': ["'self'", `${https ? 'wss' : 'ws'}://${host}`],
    // Lighthouse thumbnails are the scanned sites' own images, SSO icons live on the providers' hosts.
    'img-src': ["'self'", 'data:', 'blob:', 'http:', 'https:'],
    // The page renderer frames the snapshot endpoint of this origin.
    'frame-src': ["'self'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  }
  if (https) directives['upgrade-insecure-requests'] = []
  return directives
}

/**
 * helmet's headers on every answer. Route options replace a part of them (the snapshot routes do, see
 * routes/scans/artifact-replies.ts).
 */
export function securityHeaderOptions(publicUrl: string): FastifyHelmetOptions {
  const https = new URL(publicUrl).protocol === 'https:'
  return {
    contentSecurityPolicy: { useDefaults: false, directives: webAppDirectives(publicUrl) },
    // Requiring CORP of embedded resources would block the scanned sites' images the screens show.
    crossOriginEmbedderPolicy: false,
    // The integrations screen opens the web analytics consent in a popup and keeps its handle on it
    // (closure polling, the landing page's message) while it visits Google; other windows stay apart.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // A scanned site whose images a screen shows need not learn Canopy's address, and token links
    // (password reset, invitations) never leave in a header; within Canopy the browser keeps sending its
    // real Origin and Referer ('no-referrer' would make a form post's Origin "null", which the same-origin
    // check of changing requests refuses).
    referrerPolicy: { policy: 'same-origin' },
    // Telling a browser to insist on https is only right where Canopy is reached over https.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // The same rule as frame-ancestors 'none', for browsers that only know X-Frame-Options.
    xFrameOptions: { action: 'deny' },
  }
}

/**
 * The OpenAPI UI's policy: the web app's, but Swagger UI draws its logo with a <style> inside the SVG, so
 * its pages (and only those) take inline styles.
 */
export function apiDocsPolicy(publicUrl: string): string {
  const directives = webAppDirectives(publicUrl)
  directives['style-src'] = ["'self'", "'unsafe-inline'"]
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ')
}

/** The SPA pages where the web analytics sign-in popup lands (success and error). */
const OAUTH_POPUP_LANDING = /^\/oauth\/popup-(success|error)$/

function isPopupLanding(address: string, publicUrl: string): boolean {
  const origin = new URL(publicUrl).origin
  const url = new URL(address, publicUrl)
  return url.origin === origin && OAUTH_POPUP_LANDING.test(url.pathname)
}

/**
 * Whether an answer takes the sign-in popup back from Google to its landing page, or is that page: a
 * browser that meets a stricter opener policy on the way cuts the popup from the window that opened it, and
 * the landing page could no longer report to it.
 */
export function keepsPopupOpener(request: FastifyRequest, reply: FastifyReply, publicUrl: string): boolean {
  const location = reply.getHeader('location')
  if (typeof location === 'string' && reply.statusCode >= 300 && reply.statusCode < 400)
    return isPopupLanding(location, publicUrl)
  return request.method === 'GET' && isPopupLanding(request.url, publicUrl)
}

async function helmetPlugin(fastify: FastifyInstance) {
  await fastify.register(fastifyHelmet, securityHeaderOptions(fastify.config.publicUrl))
  fastify.addHook('onSend', async (request, reply, payload) => {
    if (keepsPopupOpener(request, reply, fastify.config.publicUrl))
      reply.header('cross-origin-opener-policy', 'unsafe-none')
    return payload
  })
}

export default fp(helmetPlugin, { name: 'helmet' })
