import { describe, expect, it } from 'vitest'
import { formatPercent, groupCountryShares, sharePercent } from './country-share'

const country = (countryCode: string, count: number) => ({
  countryCode,
  countryName: `Country ${countryCode}`,
  count,
})

describe('groupCountryShares', () => {
  it('keeps the top 6 countries and sums the rest into Other', () => {
    const countries = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map((code, index) =>
      country(code, 100 - index),
    )
    const lines = groupCountryShares(countries)
    expect(lines.map((line) => line.countryName)).toEqual([
      'Country A',
      'Country B',
      'Country C',
      'Country D',
      'Country E',
      'Country F',
      'Other',
    ])
    expect(lines.at(-1)).toMatchObject({ countryCode: null, count: 94 + 93 })
  })

  it('puts countries below a 1% share into Other even when fewer than 6 remain', () => {
    const lines = groupCountryShares([country('GB', 900), country('US', 95), country('FR', 5)])
    expect(lines.map((line) => [line.countryCode, line.count])).toEqual([
      ['GB', 900],
      ['US', 95],
      [null, 5],
    ])
    expect(lines[2]?.percent).toBeCloseTo(0.5)
  })

  it('keeps a country at exactly 1% and leaves Other out when nothing is left over', () => {
    const lines = groupCountryShares([country('US', 1), country('GB', 99)])
    expect(lines.map((line) => line.countryCode)).toEqual(['GB', 'US'])
  })

  it('gives nothing for no views', () => {
    expect(groupCountryShares([])).toEqual([])
    expect(groupCountryShares([country('GB', 0)])).toEqual([])
  })
})

describe('formatPercent', () => {
  it('shows one decimal, a floor for tiny shares and 0% for none', () => {
    expect(formatPercent(sharePercent(1, 3))).toBe('33.3%')
    expect(formatPercent(100)).toBe('100%')
    expect(formatPercent(0.04)).toBe('< 0.1%')
    expect(formatPercent(0)).toBe('0%')
  })
})
