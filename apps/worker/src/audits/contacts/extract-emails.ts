export interface ContactCount {
  value: string
  valid: boolean
  count: number
}

// Deliberately narrower than RFC 5322: the addresses people publish on web pages.
const EMAIL_IN_TEXT = /(?<![\w.%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+(?![\w-]*@)/g

// Retina and asset names look like addresses (logo@2x.png, icon@3x.webp): never contacts.
const FILE_EXTENSION_TLDS = new Set([
  'png',
  'jpg',
  'jpeg',
  'gif',
  'svg',
  'webp',
  'avif',
  'ico',
  'css',
  'js',
  'json',
])

// RFC 2606 and RFC 6761: names that can never deliver mail on the public internet.
const RESERVED_TLDS = new Set(['test', 'example', 'invalid', 'localhost', 'local', 'internal'])
const RESERVED_DOMAINS = /(^|\.)example\.(com|net|org)$/

/**
 * A publishable address: local part of 1-64 characters without leading, trailing or doubled dots; a domain
 * of two or more labels (1-63 letters, digits or hyphens, no hyphen at either end), an alphabetic or IDN
 * top-level domain, at most 254 characters in all, and not a reserved or placeholder domain.
 */
export function isValidEmail(address: string): boolean {
  if (address.length > 254) return false
  const at = address.lastIndexOf('@')
  if (at <= 0) return false
  const local = address.slice(0, at)
  const domain = address.slice(at + 1).toLowerCase()
  if (local.length > 64 || !/^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+$/.test(local)) return false
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false
  const labels = domain.split('.')
  if (labels.length < 2) return false
  if (!labels.every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label))) return false
  const tld = labels[labels.length - 1] as string
  if (!/^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(tld)) return false
  if (RESERVED_TLDS.has(tld) || RESERVED_DOMAINS.test(domain)) return false
  return true
}

/** The addresses a mailto: href names: `mailto:a@x.org,b@y.org?subject=Hi` → both. */
export function parseMailtoHref(href: string): string[] {
  if (!/^mailto:/i.test(href)) return []
  const [targets = ''] = href.slice('mailto:'.length).split('?')
  let decoded = targets
  try {
    decoded = decodeURIComponent(targets)
  } catch {
    // a stray % is left as written
  }
  return decoded
    .split(/[,;]/)
    .map((address) => address.trim())
    .filter((address) => address !== '')
}

export function findEmailsInText(text: string): string[] {
  return [...text.matchAll(EMAIL_IN_TEXT)]
    .map((match) => match[0].replace(/\.+$/, ''))
    .filter((address) => !FILE_EXTENSION_TLDS.has(address.split('.').pop()?.toLowerCase() ?? ''))
}

/** Addresses compare case-insensitively in practice; we show them lower-cased. */
export function normaliseEmail(address: string): string {
  return address.trim().toLowerCase()
}
