import type { AddressGuard } from '../../net/index.js'

export interface MeasureDocumentSizeOptions {
  /** the address guard every request (and each redirect hop) goes through */
  guard: AddressGuard
  userAgent: string
  /** per request; default 15 s */
  timeoutMs?: number
  /** a body read to count it stops here and gives no size; default 50 MiB */
  maxBytes?: number
}

/** A whole-body count of one byte over this many bytes gives up: the size is then unknown. */
const DEFAULT_MAX_BYTES = 50 * 1024 * 1024

function parseLength(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null
  const length = Number(value.trim())
  return Number.isSafeInteger(length) ? length : null
}

/** The total of a `Content-Range: bytes 0-0/12345` answer; null for `*` or anything unreadable. */
function totalFromContentRange(value: string | null): number | null {
  const match = value ? /^bytes\s+\d+-\d+\/(\d+)\s*$/i.exec(value) : null
  return match ? parseLength(match[1] ?? null) : null
}

/** The part of a body stream we use (undici's stream/web type and the DOM's differ in details). */
interface ByteStream {
  getReader(): { read(): Promise<{ done: boolean; value?: unknown }>; cancel(): Promise<void> }
}

/** Counts a body's bytes, cancelling it once it passes the cap (null then: too large to say). */
async function countBody(body: ByteStream | null, maxBytes: number): Promise<number | null> {
  if (!body) return 0
  const reader = body.getReader()
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return total
    total += (value as Uint8Array).byteLength
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined)
      return null
    }
  }
}

/**
 * The size in bytes of a linked document that is not read (Word, spreadsheets, PowerPoint, archives, media):
 * a HEAD's Content-Length; when HEAD is refused or gives none, a GET of the first byte (`Range: bytes=0-0`)
 * and the total of its Content-Range, or its Content-Length when the server ignores ranges, or else the body
 * counted up to `maxBytes`. Null when the server answers with an error or the size cannot be told; a
 * network failure of the GET throws. Every request goes through the address guard, like the link checker's.
 */
export async function measureDocumentSize(
  url: string,
  { guard, userAgent, timeoutMs = 15_000, maxBytes = DEFAULT_MAX_BYTES }: MeasureDocumentSizeOptions,
): Promise<number | null> {
  const headers = { 'user-agent': userAgent, 'accept-encoding': 'identity' }
  try {
    const head = await guard.fetch(url, {
      method: 'HEAD',
      headers,
      timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    })
    await head.body?.cancel().catch(() => undefined)
    const length = head.ok ? parseLength(head.headers.get('content-length')) : null
    // A HEAD answered with 0 is often a server that never counts HEAD bodies: ask GET instead.
    if (length) return length
  } catch {
    // A server that drops HEAD may still answer GET.
  }
  const response = await guard.fetch(url, {
    method: 'GET',
    headers: { ...headers, range: 'bytes=0-0' },
    timeoutMs,
    signal: AbortSignal.timeout(timeoutMs),
  })
  if (response.status === 206) {
    await response.body?.cancel().catch(() => undefined)
    return totalFromContentRange(response.headers.get('content-range'))
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined)
    return null
  }
  // The range was ignored: the whole document is coming; its length, if given, is the size.
  const length = parseLength(response.headers.get('content-length'))
  if (length !== null && !response.headers.get('content-encoding')) {
    await response.body?.cancel().catch(() => undefined)
    return length
  }
  return countBody(response.body, maxBytes)
}
