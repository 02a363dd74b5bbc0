import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import net, { type Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import type { BlockedRequest } from '@canopy/contracts'
import { AddressBlockedError, type AddressGuard, type CheckedTarget } from './address-guard.js'

export type { BlockedRequest }

export interface GuardingProxy {
  /** http://127.0.0.1:port, for a browser's or a browser context's proxy setting */
  readonly url: string
  /** the requests refused so far, in order, each URL once */
  blocked(): BlockedRequest[]
  /**
   * Why the proxy could not reach a URL (or, for a tunnel, its origin), in Chromium's words
   * ('ERR_NAME_NOT_RESOLVED', 'ERR_CONNECTION_REFUSED', …): behind a proxy Chromium only sees the proxy's 502
   * or a failed tunnel, so a page's failure is told in these words instead.
   */
  networkErrorOf(url: string): string | undefined
  /** stops listening and cuts every open connection */
  close(): Promise<void>
}

export interface GuardingProxyOptions {
  /** how long a host's checked address is kept (and reused for every connection to it); default 60 s */
  pinMs?: number
  /** an idle client or upstream connection is cut after this; default 120 s */
  idleTimeoutMs?: number
}

/** Headers of one hop only, never forwarded (RFC 9110: connection-specific fields). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
])

/** Marks the proxy's own refusals with their reason, so that a refused document is told from a site's own 403. */
export const NETWORK_POLICY_HEADER = 'x-canopy-network-policy'
/** Marks the proxy's own 502 for a site it could not reach, with Chromium's name of the error. */
export const NETWORK_ERROR_HEADER = 'x-canopy-network-error'

/** Chromium's name of a connection's failure, from Node's error code. */
const NET_ERRORS: Record<string, string> = {
  ENOTFOUND: 'ERR_NAME_NOT_RESOLVED',
  EAI_AGAIN: 'ERR_NAME_NOT_RESOLVED',
  ECONNREFUSED: 'ERR_CONNECTION_REFUSED',
  ECONNRESET: 'ERR_CONNECTION_RESET',
  ETIMEDOUT: 'ERR_CONNECTION_TIMED_OUT',
  EHOSTUNREACH: 'ERR_ADDRESS_UNREACHABLE',
  ENETUNREACH: 'ERR_ADDRESS_UNREACHABLE',
}

function netErrorName(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code
  return (typeof code === 'string' && NET_ERRORS[code]) || 'ERR_CONNECTION_FAILED'
}
/** Refused requests kept per proxy: a page cannot grow the list without bound. */
const MAX_BLOCKED_RECORDED = 200

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase()),
  )
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name) && !named.has(name)),
  )
}

/** 'host:port' of a CONNECT request, IPv6 in brackets; null when it is not one. */
function parseAuthority(authority: string | undefined): URL | null {
  if (!authority || authority.includes('/') || authority.includes('@')) return null
  try {
    const url = new URL(`https://${authority}/`)
    return url.port ? url : null
  } catch {
    return null
  }
}

/** The URL of a request in absolute form (GET http://host/path), as browsers send plain HTTP to a proxy. */
function parseAbsoluteHttpUrl(target: string | undefined): URL | null {
  if (!target || !URL.canParse(target)) return null
  const url = new URL(target)
  return url.protocol === 'http:' ? url : null
}

/** The check of a host, made once per pin period: every connection to it goes to the address checked then. */
function createPinnedChecks(guard: AddressGuard, pinMs: number) {
  const pins = new Map<string, { at: number; check: Promise<CheckedTarget> }>()
  return (url: URL): Promise<CheckedTarget> => {
    const key = url.host
    const pinned = pins.get(key)
    if (pinned && Date.now() - pinned.at < pinMs) return pinned.check
    const check = guard.assertAllowed(url)
    // A failed lookup (not a refusal) is not kept: the next request asks DNS again.
    check.catch((error: unknown) => {
      if (!(error instanceof AddressBlockedError)) pins.delete(key)
    })
    pins.set(key, { at: Date.now(), check })
    return check
  }
}

/**
 * Keeps an open tunnel's connection in `open` (so closing the proxy cuts it) until it ends; an error ends it.
 * Idle connections are cut by their timeout: a client's from the server's `connection`, an upstream's from
 * connectTo.
 */
function track(socket: Duplex, open: Set<Duplex>) {
  open.add(socket)
  socket.once('close', () => open.delete(socket))
  socket.on('error', () => socket.destroy())
}

/** Joins two connections both ways; either ending or failing ends the other. */
function splice(client: Duplex, upstream: Duplex) {
  client.pipe(upstream)
  upstream.pipe(client)
  const end = () => {
    client.destroy()
    upstream.destroy()
  }
  client.once('close', end)
  upstream.once('close', end)
}

/**
 * A forward proxy on 127.0.0.1 that is the scanner browsers' only way out: each request (plain HTTP) and each
 * tunnel (CONNECT, which carries https and WebSockets) is checked against the address guard, and the
 * connection goes to the very address that was checked, kept per host for a while, so a second, different DNS
 * answer (rebinding) is never used. Refused requests get 403 and are recorded; nothing is fetched for them.
 * Chromium sends loopback through the proxy too when told `<-loopback>` (Playwright does that for a context's
 * proxy; the Lighthouse Chromium gets it as a flag).
 */
export async function startGuardingProxy(
  guard: AddressGuard,
  options: GuardingProxyOptions = {},
): Promise<GuardingProxy> {
  const idleMs = options.idleTimeoutMs ?? 120_000
  const check = createPinnedChecks(guard, options.pinMs ?? 60_000)
  const blocked = new Map<string, BlockedRequest>()
  const failures = new Map<string, string>()
  const open = new Set<Duplex>()
  const upstreamAgent = new http.Agent({ keepAlive: true, timeout: idleMs })

  const noteFailure = (shownAs: string, error: unknown) => {
    if (failures.size >= MAX_BLOCKED_RECORDED) failures.clear()
    const name = netErrorName(error)
    failures.set(shownAs, name)
    return name
  }
  /** The checked target, or the refusal (recorded) or the lookup's failure. */
  const admit: Admit = async (url, shownAs) => {
    try {
      return { target: await check(url) }
    } catch (error) {
      if (!(error instanceof AddressBlockedError)) return { failed: noteFailure(shownAs, error) }
      const reason = error.detail
      if (blocked.size < MAX_BLOCKED_RECORDED && !blocked.has(shownAs))
        blocked.set(shownAs, { url: shownAs, reason })
      return { reason }
    }
  }
  const context = { admit, noteFailure, open, idleMs }

  const server = http.createServer((request, response) => {
    void forwardRequest(request, response, { ...context, agent: upstreamAgent })
  })
  server.on('connect', (request: IncomingMessage, client: Duplex, head: Buffer) => {
    track(client, open)
    void openTunnel(request, client, head, context)
  })
  server.on('upgrade', (request: IncomingMessage, client: Duplex, head: Buffer) => {
    track(client, open)
    void forwardUpgrade(request, client, head, context)
  })
  server.on('connection', (socket: Socket) => socket.setTimeout(idleMs, () => socket.destroy()))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as net.AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    blocked: () => [...blocked.values()],
    networkErrorOf: (url) =>
      failures.get(url) ?? (URL.canParse(url) ? failures.get(new URL(url).origin) : undefined),
    close: async () => {
      for (const socket of open) socket.destroy()
      server.closeAllConnections()
      upstreamAgent.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

type Admitted = { target: CheckedTarget }
type Admission = Admitted | { reason: string } | { failed: string }
type Admit = (url: URL, shownAs: string) => Promise<Admission>

interface ProxyContext {
  admit: Admit
  /** records why `shownAs` could not be reached; answers Chromium's name of it */
  noteFailure: (shownAs: string, error: unknown) => string
  open: Set<Duplex>
  idleMs: number
}

function answer(response: ServerResponse, status: number, header: [string, string] | null, text: string) {
  response.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    ...(header ? { [header[0]]: header[1] } : {}),
  })
  response.end(text)
}

/** The proxy's answer to a request it did not forward: refused (403) or unreachable (502). */
function answerNotForwarded(response: ServerResponse, url: URL, admission: Exclude<Admission, Admitted>) {
  if ('failed' in admission)
    return answer(response, 502, [NETWORK_ERROR_HEADER, admission.failed], `${admission.failed}: ${url.href}`)
  return answer(
    response,
    403,
    [NETWORK_POLICY_HEADER, admission.reason],
    `Blocked by the network policy: ${url.href} (${admission.reason})`,
  )
}

/** The status line a tunnel that was not opened answers with. */
function tunnelRefusal(admission: Exclude<Admission, Admitted>): string {
  if ('failed' in admission)
    return `HTTP/1.1 502 Bad Gateway\r\n${NETWORK_ERROR_HEADER}: ${admission.failed}\r\nContent-Length: 0\r\n\r\n`
  return `HTTP/1.1 403 Forbidden\r\n${NETWORK_POLICY_HEADER}: ${admission.reason}\r\nContent-Length: 0\r\n\r\n`
}

/** A plain-HTTP request in absolute form (GET http://host/path): checked, then sent to the checked address. */
async function forwardRequest(
  request: IncomingMessage,
  response: ServerResponse,
  context: ProxyContext & { agent: http.Agent },
) {
  const url = parseAbsoluteHttpUrl(request.url)
  if (!url) return answer(response, 400, null, 'Not a proxy request')
  const admission = await context.admit(url, url.href)
  if (!('target' in admission)) return answerNotForwarded(response, url, admission)
  const upstream = http.request({
    host: admission.target.address.address,
    family: admission.target.address.family,
    port: url.port || 80,
    method: request.method,
    path: `${url.pathname}${url.search}`,
    headers: { ...withoutHopByHop(request.headers), host: url.host },
    agent: context.agent,
  })
  upstream.on('response', (reply) => {
    response.writeHead(reply.statusCode ?? 502, reply.statusMessage, withoutHopByHop(reply.headers))
    reply.pipe(response)
  })
  upstream.on('error', (error) => {
    const failed = context.noteFailure(url.href, error)
    if (response.headersSent) response.destroy()
    else answerNotForwarded(response, url, { failed })
  })
  request.pipe(upstream)
}

/** Connects to the checked address; resolves with the connected socket, or why it could not connect. */
function connectTo(
  target: CheckedTarget,
  port: number,
  context: ProxyContext,
  shownAs: string,
): Promise<Socket | { failed: string }> {
  return new Promise((resolve) => {
    const upstream = net.connect({ host: target.address.address, family: target.address.family, port })
    upstream.once('connect', () => {
      upstream.setTimeout(context.idleMs, () => upstream.destroy())
      track(upstream, context.open)
      resolve(upstream)
    })
    upstream.once('error', (error) => {
      upstream.destroy()
      resolve({ failed: context.noteFailure(shownAs, error) })
    })
  })
}

/** CONNECT host:port (https, wss, ws): checked, then a byte tunnel to the checked address. */
async function openTunnel(request: IncomingMessage, client: Duplex, head: Buffer, context: ProxyContext) {
  const url = parseAuthority(request.url)
  if (!url) return client.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n')
  const admission = await context.admit(url, url.origin)
  if (!('target' in admission)) return client.end(tunnelRefusal(admission))
  const upstream = await connectTo(admission.target, Number(url.port), context, url.origin)
  if ('failed' in upstream) return client.end(tunnelRefusal(upstream))
  client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
  if (head.length > 0) upstream.write(head)
  splice(client, upstream)
}

/** The request line and headers of an upgrade request, sent on to the site (proxy headers left out). */
function upgradeHead(request: IncomingMessage, url: URL): string {
  const lines = [`${request.method} ${url.pathname}${url.search} HTTP/1.1`]
  for (let index = 0; index < request.rawHeaders.length; index += 2) {
    const name = request.rawHeaders[index] as string
    if (!/^proxy-/i.test(name)) lines.push(`${name}: ${request.rawHeaders[index + 1]}`)
  }
  return `${lines.join('\r\n')}\r\n\r\n`
}

/** An absolute-form request asking to upgrade (a ws:// WebSocket sent without CONNECT): checked, then relayed. */
async function forwardUpgrade(request: IncomingMessage, client: Duplex, head: Buffer, context: ProxyContext) {
  const url = parseAbsoluteHttpUrl(request.url)
  if (!url) return client.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n')
  const admission = await context.admit(url, url.href)
  if (!('target' in admission)) return client.end(tunnelRefusal(admission))
  const upstream = await connectTo(admission.target, Number(url.port || 80), context, url.href)
  if ('failed' in upstream) return client.end(tunnelRefusal(upstream))
  upstream.write(upgradeHead(request, url))
  if (head.length > 0) upstream.write(head)
  splice(client, upstream)
}
