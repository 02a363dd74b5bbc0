import { describe, expect, it } from 'vitest'
import type { SsoProvider } from '../config.js'
import { checkSso } from './sso.js'

const providers: SsoProvider[] = [
  { id: 'acme-entra', title: 'Acme Entra ID', icon: 'microsoft', domains: ['acme.example'] },
  { id: 'globex', title: 'Globex Google', icon: null, domains: ['globex.example', 'globex.test'] },
]

describe('checkSso', () => {
  it('answers password sign-in when no provider is configured', () => {
    expect(checkSso([], 'ann@acme.example')).toEqual({
      isSSO: false,
      ssoProvider: null,
      ssoIcon: null,
      title: null,
    })
  })

  it('finds the provider of the address domain, ignoring case, and of its subdomains', () => {
    expect(checkSso(providers, 'Ann@ACME.example')).toEqual({
      isSSO: true,
      ssoProvider: 'acme-entra',
      ssoIcon: 'microsoft',
      title: 'Acme Entra ID',
    })
    expect(checkSso(providers, 'bo@eu.globex.test').ssoProvider).toBe('globex')
  })

  it('does not match a domain that only ends with the same letters', () => {
    expect(checkSso(providers, 'eve@notacme.example').isSSO).toBe(false)
  })

  it('prefers the provider the account was created with', () => {
    expect(checkSso(providers, 'ann@elsewhere.example', 'globex').ssoProvider).toBe('globex')
    expect(checkSso(providers, 'ann@elsewhere.example', 'retired-provider').isSSO).toBe(false)
  })
})
