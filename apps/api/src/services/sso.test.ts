import { describe, expect, it } from 'vitest'
import { isAllowedIssuerUrl } from '../lib/oidc.js'
import { domainsOfAddress, presentEmailCheck, providerOwnsAddress } from './sso.js'
import { readReturnPaths } from './sso-login-service.js'

describe('domainsOfAddress', () => {
  it('lists the domain and its parent domains, most specific first, lower-cased', () => {
    expect(domainsOfAddress('Ann@EU.Acme.Example')).toEqual(['eu.acme.example', 'acme.example'])
  })

  it('lists nothing for an address without a dotted domain', () => {
    expect(domainsOfAddress('root@localhost')).toEqual([])
  })
})

describe('providerOwnsAddress', () => {
  it('owns the domain and its subdomains', () => {
    expect(providerOwnsAddress(['acme.example'], 'ann@acme.example')).toBe(true)
    expect(providerOwnsAddress(['acme.example'], 'bo@eu.acme.example')).toBe(true)
  })

  it('does not own a domain that only ends with the same letters, nor a parent domain', () => {
    expect(providerOwnsAddress(['acme.example'], 'ann@notacme.example')).toBe(false)
    expect(providerOwnsAddress(['eu.acme.example'], 'ann@acme.example')).toBe(false)
  })
})

describe('presentEmailCheck', () => {
  it('answers password sign-in without a provider', () => {
    expect(presentEmailCheck(null)).toEqual({ isSSO: false, ssoProvider: null, ssoIcon: null, title: null })
  })

  it('names the provider, its icon and title', () => {
    const provider = { id: 'acme', iconUrl: 'https://acme.example/icon.svg', title: 'Acme ID' }
    expect(presentEmailCheck(provider as Parameters<typeof presentEmailCheck>[0])).toEqual({
      isSSO: true,
      ssoProvider: 'acme',
      ssoIcon: 'https://acme.example/icon.svg',
      title: 'Acme ID',
    })
  })
})

describe('readReturnPaths', () => {
  const publicUrl = 'https://canopy.example'

  it('defaults to the site list and the login error page', () => {
    expect(readReturnPaths({}, publicUrl)).toEqual({ successPath: '/', errorPath: '/sso/error' })
  })

  it('keeps paths and absolute URLs of this application, as paths', () => {
    expect(
      readReturnPaths(
        { success_url: 'https://canopy.example/site/a?x=1', error_url: '/oauth/error' },
        publicUrl,
      ),
    ).toEqual({ successPath: '/site/a?x=1', errorPath: '/oauth/error' })
  })

  it.each([
    ['success_url', 'https://evil.example/'],
    ['success_url', '//evil.example/'],
    ['error_url', 'javascript:alert(1)'],
  ])('refuses %s %s (no open redirect)', (field, value) => {
    expect(() => readReturnPaths({ [field]: value }, publicUrl)).toThrow(field)
  })

  it("accepts only this application's /auth/sso as the callback", () => {
    expect(() =>
      readReturnPaths({ cookie_callback: 'https://canopy.example/auth/sso' }, publicUrl),
    ).not.toThrow()
    expect(() => readReturnPaths({ cookie_callback: 'https://canopy.example/other' }, publicUrl)).toThrow(
      'cookie_callback',
    )
  })
})

describe('isAllowedIssuerUrl', () => {
  it('takes https anywhere and http only on this machine', () => {
    expect(isAllowedIssuerUrl('https://login.acme.example/tenant')).toBe(true)
    expect(isAllowedIssuerUrl('http://127.0.0.1:8094')).toBe(true)
    expect(isAllowedIssuerUrl('http://localhost:8094')).toBe(true)
    expect(isAllowedIssuerUrl('http://login.acme.example')).toBe(false)
    expect(isAllowedIssuerUrl('https://user:pw@login.acme.example')).toBe(false)
    expect(isAllowedIssuerUrl('not a url')).toBe(false)
  })
})
