import { type CountryCode, findPhoneNumbersInText, parsePhoneNumberFromString } from 'libphonenumber-js/max'

export interface TelephoneFound {
  /** a valid number in E.164; an invalid one as written (trimmed), since it has no canonical form */
  value: string
  valid: boolean
}

/** A tel: href → the number it dials, judged with the full metadata (number ranges per country). */
export function parseTelHref(href: string, defaultRegion: CountryCode): TelephoneFound | null {
  if (!/^tel:/i.test(href)) return null
  let raw = href.slice('tel:'.length).split(';')[0] ?? ''
  try {
    raw = decodeURIComponent(raw)
  } catch {
    // a stray % is left as written
  }
  raw = raw.trim()
  if (raw === '') return null
  const number = parsePhoneNumberFromString(raw, defaultRegion)
  if (!number?.isValid()) return { value: raw, valid: false }
  return { value: number.number, valid: true }
}

/**
 * Numbers written in the text. libphonenumber finds only numbers that are valid for their region, which keeps
 * dates, prices and order numbers out; an invalid number is therefore only ever reported from a tel: link.
 */
export function findTelephonesInText(text: string, defaultRegion: CountryCode): TelephoneFound[] {
  return findPhoneNumbersInText(text, defaultRegion).map(({ number }) => ({
    value: number.number,
    valid: number.isValid(),
  }))
}
