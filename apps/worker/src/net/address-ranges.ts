import ipaddr from 'ipaddr.js'

/**
 * Addresses a scan must never reach: the scanner runs inside the operator's network, so a page (or a redirect,
 * or a DNS answer) naming an internal address would turn it into a proxy to that network (SSRF).
 * ipaddr.js names every special-purpose range; everything but plain global unicast is refused. The names are
 * the reasons we report.
 */
const METADATA_ADDRESSES = new Set([
  // Azure's wire server answers metadata-like requests from a public-looking address.
  '168.63.129.16',
])

export type AddressClass =
  | ReturnType<ipaddr.IPv4['range']>
  | ReturnType<ipaddr.IPv6['range']>
  | 'metadata'
  | 'ipv4Compatible'

/**
 * ::a.b.c.d (::/96 but :: and ::1), the deprecated IPv4-compatible form: ipaddr.js calls it global unicast,
 * but it carries an IPv4 address (::7f00:1 is 127.0.0.1) and has no public use, so it is refused.
 */
function isIpv4Compatible(parsed: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (parsed.kind() !== 'ipv6') return false
  const parts = (parsed as ipaddr.IPv6).parts
  return parts.slice(0, 6).every((part) => part === 0) && (parts[6] !== 0 || (parts[7] ?? 0) > 1)
}

/** 'unicast' for a public address, else the range that makes it internal ('loopback', 'private', …). */
export function classifyAddress(address: string): AddressClass {
  // IPv4-mapped IPv6 (::ffff:127.0.0.1) is the IPv4 address in disguise: judge the IPv4 address.
  const parsed = ipaddr.process(address)
  const normalised = parsed.toNormalizedString()
  if (METADATA_ADDRESSES.has(normalised)) return 'metadata'
  if (isIpv4Compatible(parsed)) return 'ipv4Compatible'
  return parsed.range()
}

export function isPublicAddress(address: string): boolean {
  return classifyAddress(address) === 'unicast'
}

export function isIpLiteral(host: string): boolean {
  return ipaddr.isValid(stripBrackets(host))
}

export function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host
}

export type AllowEntry =
  | { kind: 'host'; host: string }
  | { kind: 'suffix'; suffix: string }
  | { kind: 'cidr'; range: [ipaddr.IPv4 | ipaddr.IPv6, number] }

/**
 * One CANOPY_SCAN_ALLOW_HOSTS entry: a host name ('intranet.example'), a domain and its subdomains
 * ('.example.org' or '*.example.org'), an address ('10.1.2.3', '::1') or a CIDR ('10.0.0.0/8', 'fd00::/8').
 */
export function parseAllowEntry(raw: string): AllowEntry {
  const entry = stripBrackets(raw.trim().toLowerCase())
  if (entry.includes('/')) return { kind: 'cidr', range: ipaddr.parseCIDR(entry) }
  if (ipaddr.isValid(entry)) {
    const address = ipaddr.process(entry)
    return { kind: 'cidr', range: [address, address.kind() === 'ipv4' ? 32 : 128] }
  }
  if (entry.startsWith('*.')) return { kind: 'suffix', suffix: entry.slice(1) }
  if (entry.startsWith('.')) return { kind: 'suffix', suffix: entry }
  if (!/^[a-z0-9.-]+$/.test(entry)) throw new Error(`Not a host name, address or CIDR: ${raw}`)
  return { kind: 'host', host: entry.replace(/\.$/, '') }
}

export function parseAllowHosts(value: string | readonly string[] | undefined): AllowEntry[] {
  const items = typeof value === 'string' ? value.split(',') : (value ?? [])
  return items.filter((item) => item.trim() !== '').map(parseAllowEntry)
}

export function isHostAllowListed(entries: readonly AllowEntry[], host: string): boolean {
  const name = stripBrackets(host.toLowerCase()).replace(/\.$/, '')
  return entries.some(
    (entry) =>
      (entry.kind === 'host' && entry.host === name) ||
      (entry.kind === 'suffix' && (name.endsWith(entry.suffix) || name === entry.suffix.slice(1))),
  )
}

export function isAddressAllowListed(entries: readonly AllowEntry[], address: string): boolean {
  const parsed = ipaddr.process(address)
  return entries.some((entry) => {
    if (entry.kind !== 'cidr') return false
    const [network] = entry.range
    return network.kind() === parsed.kind() && parsed.match(entry.range as [typeof parsed, number])
  })
}
