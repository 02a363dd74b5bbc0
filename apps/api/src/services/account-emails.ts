import type { MailMessage } from '../plugins/app/mailer.js'

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
}

export function composeVerificationEmail({
  to,
  firstName,
  link,
}: {
  to: string
  firstName: string
  link: string
}): MailMessage {
  return {
    to,
    subject: 'Verify your Canopy account',
    text: [
      `Hello ${firstName},`,
      '',
      'Please verify your email address to finish registering with Canopy:',
      link,
      '',
      'The link is valid for 24 hours. If you did not register, you can ignore this email.',
    ].join('\n'),
    html: [
      `<p>Hello ${escapeHtml(firstName)},</p>`,
      '<p>Please verify your email address to finish registering with Canopy:</p>',
      `<p><a href="${escapeHtml(link)}">Verify my email address</a></p>`,
      '<p>The link is valid for 24 hours. If you did not register, you can ignore this email.</p>',
    ].join('\n'),
  }
}

export function composePasswordResetEmail({
  to,
  firstName,
  link,
}: {
  to: string
  firstName: string
  link: string
}): MailMessage {
  return {
    to,
    subject: 'Reset your Canopy password',
    text: [
      `Hello ${firstName},`,
      '',
      'Someone asked to reset the password of your Canopy account. To choose a new password, open:',
      link,
      '',
      'The link expires in one hour and works once. If you did not ask for this, you can ignore this email: your password stays as it is.',
    ].join('\n'),
    html: [
      `<p>Hello ${escapeHtml(firstName)},</p>`,
      '<p>Someone asked to reset the password of your Canopy account. To choose a new password, open:</p>',
      `<p><a href="${escapeHtml(link)}">Choose a new password</a></p>`,
      '<p>The link expires in one hour and works once. If you did not ask for this, you can ignore this email: your password stays as it is.</p>',
    ].join('\n'),
  }
}
