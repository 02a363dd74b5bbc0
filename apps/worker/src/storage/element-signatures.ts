import { createHash } from 'node:crypto'
import type { Audit } from '@canopy/contracts'

/** Items past this many are not signed: a template problem shows in the first elements listed. */
const MAX_SIGNED_ITEMS = 100

interface DetailsNode {
  selector?: unknown
  snippet?: unknown
}

/** Whitespace runs are one space: the same markup indented differently on two pages is one element. */
function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/** The element (or, for a non-element item such as a broken link, the item itself) an item stands for. */
function describeItem(item: unknown): string {
  if (typeof item !== 'object' || item === null) return String(item)
  const node = ((item as { node?: unknown }).node ?? item) as DetailsNode
  if (typeof node.selector === 'string' || typeof node.snippet === 'string') {
    return `${normalise(String(node.selector ?? ''))}\n${normalise(String(node.snippet ?? ''))}`
  }
  const url = (item as { url?: unknown }).url
  return typeof url === 'string' ? url : JSON.stringify(item)
}

/**
 * One signature per listed item of a failing audit, in the order of details.items: sha256 of the audit id,
 * the normalised selector and the normalised markup, cut to 32 hex digits. The same element failing the
 * same audit on many pages (a shared header or footer) has the same signature everywhere, which is how the
 * roll-up finds template problems; the roll-up reads the selector and markup back from the item at the
 * same position.
 */
export function elementSignaturesOf(audit: Pick<Audit, 'id' | 'details'>): string[] {
  const items = (audit.details as { items?: unknown } | null)?.items
  if (!Array.isArray(items)) return []
  return items.slice(0, MAX_SIGNED_ITEMS).map((item) =>
    createHash('sha256')
      .update(`${audit.id}\n${describeItem(item)}`)
      .digest('hex')
      .slice(0, 32),
  )
}
