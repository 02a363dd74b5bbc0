import type { MailMessage } from '../plugins/app/mailer.js'

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
}

interface LinkEmailRecipient {
  to: string
  /** absent for someone without an account yet (an invitee): the greeting has no name */
  firstName?: string
  link: string
}

/** The one shape of Canopy's account e-mails: a greeting, why, the link, and what to do if unexpected. */
function composeLinkEmail(
  { to, firstName, link }: LinkEmailRecipient,
  wording: { subject: string; intro: string; linkLabel: string; closing: string },
): MailMessage {
  return {
    to,
    subject: wording.subject,
    text: [firstName ? `Hello ${firstName},` : 'Hello,', '', wording.intro, link, '', wording.closing].join(
      '\n',
    ),
    html: [
      firstName ? `<p>Hello ${escapeHtml(firstName)},</p>` : '<p>Hello,</p>',
      `<p>${escapeHtml(wording.intro)}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(wording.linkLabel)}</a></p>`,
      `<p>${escapeHtml(wording.closing)}</p>`,
    ].join('\n'),
  }
}

export function composeVerificationEmail(recipient: LinkEmailRecipient): MailMessage {
  return composeLinkEmail(recipient, {
    subject: 'Verify your Canopy account',
    intro: 'Please verify your email address to finish registering with Canopy:',
    linkLabel: 'Verify my email address',
    closing: 'The link is valid for 24 hours. If you did not register, you can ignore this email.',
  })
}

export function composePasswordResetEmail(recipient: LinkEmailRecipient): MailMessage {
  return composeLinkEmail(recipient, {
    subject: 'Reset your Canopy password',
    intro: 'Someone asked to reset the password of your Canopy account. To choose a new password, open:',
    linkLabel: 'Choose a new password',
    closing:
      'The link expires in one hour and works once. If you did not ask for this, you can ignore this email: your password stays as it is.',
  })
}

/** To the owner of an address someone tried to register again: the answer to that request did not say so. */
export function composeAccountExistsEmail(recipient: LinkEmailRecipient): MailMessage {
  return composeLinkEmail(recipient, {
    subject: 'Your Canopy account',
    intro:
      'Someone, perhaps you, tried to register a new Canopy account with this email address. You already have an account: sign in with it, or if you forgot its password, choose a new one:',
    linkLabel: 'Choose a new password',
    closing: 'If this was not you, you can ignore this email: nothing has changed.',
  })
}

const ROLE_NAMES = { viewer: 'a viewer', editor: 'an editor', admin: 'an admin' } as const

/** To an invited address: who invited them, to which site, with which role, and the invite page's link. */
export function composeInvitationEmail(
  recipient: LinkEmailRecipient,
  invite: { siteName: string; inviterName: string; role: keyof typeof ROLE_NAMES; validDays: number },
): MailMessage {
  return composeLinkEmail(recipient, {
    subject: `You are invited to ${invite.siteName} on Canopy`,
    intro: `${invite.inviterName} invited you to join the site ${invite.siteName} on Canopy as ${ROLE_NAMES[invite.role]}. To accept, open:`,
    linkLabel: `Accept the invite to ${invite.siteName}`,
    closing: `The invite is valid for ${invite.validDays} days. If you did not expect it, you can ignore this email.`,
  })
}
