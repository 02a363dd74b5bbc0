import { numericToAlpha2 } from 'i18n-iso-countries'

/**
 * The world atlas names three areas without an ISO 3166 numeric id; the analytics property reports their
 * visits as Kosovo's user-assigned code and under the countries that claim the other two.
 */
const UNNUMBERED_AREAS: Record<string, string> = {
  Kosovo: 'XK',
  'N. Cyprus': 'CY',
  Somaliland: 'SO',
}

/**
 * The ISO 3166-1 alpha-2 code (upper case, as the analytics API gives it) of a world-atlas feature, from its
 * numeric id ('826' → 'GB') or, without one, its name; null when neither is known.
 */
export function atlasFeatureAlpha2(id: string | number | undefined, name?: string): string | null {
  if (id !== undefined && id !== '') {
    const code = numericToAlpha2(id)
    if (code) return code.toUpperCase()
  }
  return (name && UNNUMBERED_AREAS[name]) || null
}
