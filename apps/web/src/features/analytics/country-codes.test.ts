import type { GeometryCollection, Topology } from 'topojson-specification'
import { describe, expect, it } from 'vitest'
import atlas from 'world-atlas/countries-110m.json'
import { atlasFeatureAlpha2 } from './country-codes'

type CountryProperties = { name: string }
const countries = (
  atlas as unknown as Topology<{ countries: GeometryCollection<CountryProperties> }>
).objects.countries.geometries.map((country) => ({
  id: country.id,
  name: (country.properties as CountryProperties).name,
}))

describe('atlasFeatureAlpha2', () => {
  it('maps ISO 3166 numeric ids, with or without leading zeros, to upper-case alpha-2 codes', () => {
    expect(atlasFeatureAlpha2('826')).toBe('GB')
    expect(atlasFeatureAlpha2('840')).toBe('US')
    expect(atlasFeatureAlpha2('250')).toBe('FR')
    expect(atlasFeatureAlpha2('036')).toBe('AU')
    expect(atlasFeatureAlpha2(36)).toBe('AU')
    expect(atlasFeatureAlpha2('004')).toBe('AF')
  })

  it('maps the atlas areas without a numeric id by name, and nothing else', () => {
    expect(atlasFeatureAlpha2(undefined, 'Kosovo')).toBe('XK')
    expect(atlasFeatureAlpha2(undefined, 'N. Cyprus')).toBe('CY')
    expect(atlasFeatureAlpha2(undefined, 'Somaliland')).toBe('SO')
    expect(atlasFeatureAlpha2(undefined, 'Atlantis')).toBeNull()
    expect(atlasFeatureAlpha2('999')).toBeNull()
  })

  it('gives every country of the kept 110m atlas a code, and each numbered one its own', () => {
    const codes = countries.map((country) => atlasFeatureAlpha2(country.id, country.name))
    expect(codes.every((code) => code !== null && /^[A-Z]{2}$/.test(code))).toBe(true)
    const numbered = countries.filter((country) => country.id !== undefined)
    const numberedCodes = new Set(numbered.map((country) => atlasFeatureAlpha2(country.id)))
    expect(numberedCodes.size).toBe(numbered.length)
    expect(countries.find((country) => country.name === 'Germany')?.id).toBe('276')
    expect(atlasFeatureAlpha2('276')).toBe('DE')
  })
})
