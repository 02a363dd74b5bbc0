import { describe, expect, it } from 'vitest'
import { CONTACTS } from '../../../../../tests/fixtures/site/planted.js'
import { extractContacts } from './extract-contacts.js'
import { findEmailsInText, isValidEmail, parseMailtoHref } from './extract-emails.js'
import { parseTelHref } from './extract-telephones.js'
import { phoneRegionFor } from './phone-region.js'

describe('e-mail addresses', () => {
  it.each([
    ['info@canopy.co.uk', true],
    ['first.last+news@mail.canopy.org', true],
    ['o’neil@example.org', false],
    ['someone@example.com', false],
    ['admin@localhost', false],
    ['user@intranet.local', false],
    ['user@[10.0.0.1]', false],
    ['.dot@canopy.org', false],
    ['do..ts@canopy.org', false],
    ['user@-canopy.org', false],
    ['user@canopy.c', false],
    ['user@canopy', false],
    ['user@xn--bcher-kva.ch', true],
    [`${'a'.repeat(65)}@canopy.org`, false],
  ])('%s valid: %s', (address, valid) => {
    expect(isValidEmail(address)).toBe(valid)
  })

  it('reads every address of a mailto: link, decoded, without its query', () => {
    expect(parseMailtoHref('mailto:sales%40canopy.org,Support@Canopy.org?subject=Hello%20there')).toEqual([
      'sales@canopy.org',
      'Support@Canopy.org',
    ])
    expect(parseMailtoHref('https://canopy.org')).toEqual([])
  })

  it('finds addresses in text but not retina image names', () => {
    expect(findEmailsInText('Write to help@canopy.org. Logo: logo@2x.png, icon@3x.webp')).toEqual([
      'help@canopy.org',
    ])
  })
})

describe('telephone numbers', () => {
  it('judges tel: links with the default region', () => {
    expect(parseTelHref('tel:+44%2020%207946%200958', 'GB')).toEqual({ value: '+442079460958', valid: true })
    expect(parseTelHref('tel:020 7946 0958', 'GB')).toEqual({ value: '+442079460958', valid: true })
    expect(parseTelHref('tel:(202) 555-0143', 'US')).toMatchObject({ value: '+12025550143' })
    expect(parseTelHref('tel:12345', 'GB')).toEqual({ value: '12345', valid: false })
    expect(parseTelHref('tel:call-us', 'GB')).toEqual({ value: 'call-us', valid: false })
    expect(parseTelHref('mailto:x@y.org', 'GB')).toBeNull()
  })
})

describe('extractContacts', () => {
  it('deduplicates, counts a linked address once, and keeps validity', () => {
    const contacts = extractContacts({
      text:
        'Email sales@canopy.org or SALES@canopy.org. Old address: someone@example.com. ' +
        'Call 020 7946 0958 or +44 20 7946 0958, or our office on 0161 496 0000. Order 2024-11-22, price £12.50.',
      hrefs: [
        'mailto:sales@canopy.org',
        'mailto:broken@canopy',
        'tel:+442079460958',
        'tel:0800 12',
        'https://canopy.org/contact',
      ],
      defaultRegion: 'GB',
    })
    expect(contacts.emails).toEqual([
      { value: 'sales@canopy.org', valid: true, count: 2 },
      { value: 'broken@canopy', valid: false, count: 1 },
      { value: 'someone@example.com', valid: false, count: 1 },
    ])
    expect(contacts.telephones).toEqual([
      { value: '+442079460958', valid: true, count: 2 },
      { value: '+441614960000', valid: true, count: 1 },
      { value: '0800 12', valid: false, count: 1 },
    ])
  })

  it('finds nothing on a page without contacts', () => {
    expect(extractContacts({ text: 'Nothing to see, version 1.2.3 from 2026.', hrefs: ['/about'] })).toEqual({
      emails: [],
      telephones: [],
    })
  })
})

describe("the fixture site's contacts (planted.ts CONTACTS)", () => {
  it('finds each with the value, validity and count the manifest gives', () => {
    const paths = [...new Set(CONTACTS.map((contact) => contact.path))]
    for (const path of paths) {
      const onPage = CONTACTS.filter((contact) => contact.path === path)
      const hrefs = onPage
        .filter((contact) => contact.foundIn === 'href')
        .map((contact) => `${contact.kind === 'email' ? 'mailto' : 'tel'}:${contact.raw}`)
      const text = onPage
        .filter((contact) => contact.foundIn === 'text')
        .map((contact) => `Reach us at ${contact.raw} on weekdays.`)
        .join('\n')
      const found = extractContacts({ text, hrefs, defaultRegion: 'GB' })
      for (const contact of onPage) {
        const list = contact.kind === 'email' ? found.emails : found.telephones
        expect(list, `${path} ${contact.raw}`).toContainEqual({
          value: contact.value,
          valid: contact.valid,
          count: contact.count,
        })
      }
    }
  })
})

describe('phoneRegionFor', () => {
  it('reads national numbers in the region of the page language, else of its country-code domain', () => {
    expect(phoneRegionFor({ lang: 'de-AT', url: 'https://canopy.org/' })).toBe('AT')
    expect(phoneRegionFor({ lang: 'en_US', url: null })).toBe('US')
    expect(phoneRegionFor({ lang: 'fr', url: 'https://mairie.fr/contact' })).toBe('FR')
    expect(phoneRegionFor({ lang: 'en', url: 'https://council.gov.uk/' })).toBe('GB')
    expect(phoneRegionFor({ lang: 'zh-Hant-TW', url: 'https://x.com/' })).toBe('TW')
    expect(phoneRegionFor({ lang: null, url: 'https://canopy.org/' })).toBe('GB')
    expect(phoneRegionFor({ lang: 'en-XX', url: 'not a url' })).toBe('GB')
  })

  it('judges a number written without its country code in that region', () => {
    const text = 'Ruf uns an: 030 901820.'
    expect(
      extractContacts({ text, hrefs: [], defaultRegion: phoneRegionFor({ lang: 'de-DE', url: null }) })
        .telephones,
    ).toEqual([{ value: '+4930901820', valid: true, count: 1 }])
  })
})
