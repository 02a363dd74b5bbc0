import { describe, expect, it } from 'vitest'
import { composeVerificationEmail } from './account-emails.js'

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
