import type { CountryCode } from 'libphonenumber-js/max'
import {
  type ContactCount,
  findEmailsInText,
  isValidEmail,
  normaliseEmail,
  parseMailtoHref,
} from './extract-emails.js'
import { findTelephonesInText, parseTelHref, type TelephoneFound } from './extract-telephones.js'

export interface ContactsInput {
  /** the page's visible text */
  text: string
  /** every href on the page (only mailto: and tel: are read) */
  hrefs: Iterable<string>
  /** ISO 3166 region for numbers written without a country code; default GB */
  defaultRegion?: CountryCode
}

export interface Contacts {
  emails: ContactCount[]
  telephones: ContactCount[]
}

export const DEFAULT_PHONE_REGION: CountryCode = 'GB'

/**
 * A link usually shows its own address (`<a href="mailto:x">x</a>`), so counting links and text together
 * would count it twice. A contact's count is the larger of its link count and its text count.
 */
function mergeCounts(
  fromHrefs: { value: string; valid: boolean }[],
  fromText: { value: string; valid: boolean }[],
): ContactCount[] {
  const tally = (found: { value: string; valid: boolean }[]) => {
    const counts = new Map<string, { valid: boolean; count: number }>()
    for (const { value, valid } of found) {
      const entry = counts.get(value)
      if (entry) entry.count += 1
      else counts.set(value, { valid, count: 1 })
    }
    return counts
  }
  const hrefCounts = tally(fromHrefs)
  const textCounts = tally(fromText)
  const merged = new Map<string, ContactCount>()
  for (const [value, entry] of [...hrefCounts, ...textCounts]) {
    const known = merged.get(value)
    if (known) known.count = Math.max(known.count, entry.count)
    else merged.set(value, { value, valid: entry.valid, count: entry.count })
  }
  return [...merged.values()].sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
}

export function extractContacts(input: ContactsInput): Contacts {
  const region = input.defaultRegion ?? DEFAULT_PHONE_REGION
  const hrefs = [...input.hrefs]
  const email = (address: string) => {
    const value = normaliseEmail(address)
    return { value, valid: isValidEmail(value) }
  }
  const emails = mergeCounts(
    hrefs.flatMap(parseMailtoHref).map(email),
    findEmailsInText(input.text).map(email),
  )
  const telephones = mergeCounts(
    hrefs
      .map((href) => parseTelHref(href, region))
      .filter((found): found is TelephoneFound => found !== null),
    findTelephonesInText(input.text, region),
  )
  return { emails, telephones }
}
