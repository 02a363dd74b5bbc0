import { type CountryCode, isSupportedCountry } from 'libphonenumber-js/max'
import { DEFAULT_PHONE_REGION } from './extract-contacts.js'

/** Country-code top-level domains whose ISO 3166 code differs. */
const TLD_REGIONS: Record<string, string> = { uk: 'GB' }

function supported(code: string | undefined): CountryCode | null {
  const upper = code?.toUpperCase()
  return upper && /^[A-Z]{2}$/.test(upper) && isSupportedCountry(upper) ? (upper as CountryCode) : null
}

/**
 * The region national numbers on a page are read in (a number written without its country code means the
 * page's own country): the region of the page's language tag (`en-GB`, `de-AT`), else the country-code
 * top-level domain of its address (`.de`, `.co.uk`), else the default (GB).
 */
export function phoneRegionFor({ lang, url }: { lang: string | null; url: string | null }): CountryCode {
  const region = lang
    ?.split(/[-_]/)
    .slice(1)
    .find((subtag) => /^[A-Za-z]{2}$/.test(subtag))
  const fromLang = supported(region)
  if (fromLang) return fromLang
  let host = ''
  try {
    host = url ? new URL(url).hostname : ''
  } catch {
    // no host to read
  }
  const tld = host.split('.').at(-1)?.toLowerCase() ?? ''
  return supported(TLD_REGIONS[tld] ?? tld) ?? DEFAULT_PHONE_REGION
}
