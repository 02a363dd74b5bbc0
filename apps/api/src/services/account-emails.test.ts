import { describe, expect, it } from 'vitest'
import {
  composeInvitationEmail,
  composePasswordResetEmail,
  composeVerificationEmail,
} from './account-emails.js'
import { buildPasswordResetLink } from './password-reset-service.js'

describe('composeVerificationEmail', () => {
  it('carries the link in both parts and escapes the name in HTML', () => {
    const link = 'http://127.0.0.1:3000/account/verify?user=u1&token=t&redirect_url=%2Fsite%2Fa'
    const mail = composeVerificationEmail({ to: 'a@b.example', firstName: '<Ann>', link })
    expect(mail.text).toContain(link)
    expect(mail.html).toContain(link.replaceAll('&', '&#38;'))
    expect(mail.html).toContain('&#60;Ann&#62;')
    expect(mail.html).not.toContain('<Ann>')
  })
})

describe('composePasswordResetEmail', () => {
  it("links to the web app's reset page with the token, in both parts", () => {
    const link = buildPasswordResetLink('https://canopy.example', 'tok_en-1')
    expect(link).toBe('https://canopy.example/password/reset?token=tok_en-1')
    const mail = composePasswordResetEmail({ to: 'a@b.example', firstName: 'Ann & Co', link })
    expect(mail.subject).toBe('Reset your Canopy password')
    expect(mail.text).toContain(link)
    expect(mail.text).toContain('expires in one hour')
    expect(mail.html).toContain(`href="${link}"`)
    expect(mail.html).toContain('Ann &#38; Co')
  })
})

describe('composeInvitationEmail', () => {
  it('names the site, the inviter and the role in both parts, without a name to greet, escaping in HTML', () => {
    const link = 'https://canopy.example/invites/tok?siteAlias=river-bend'
    const mail = composeInvitationEmail(
      { to: 'new@b.example', link },
      { siteName: 'River <Bend>', inviterName: 'Ann', role: 'editor', validDays: 7 },
    )
    expect(mail.subject).toBe('You are invited to River <Bend> on Canopy')
    expect(mail.text).toContain('Hello,')
    expect(mail.text).toContain('Ann invited you to join the site River <Bend> on Canopy as an editor.')
    expect(mail.text).toContain(link)
    expect(mail.html).toContain('River &#60;Bend&#62;')
    expect(mail.html).not.toContain('<Bend>')
    expect(mail.html).toContain(`href="${link.replaceAll('&', '&#38;')}"`)
  })
})
