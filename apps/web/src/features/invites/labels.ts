import type { Invite } from '@canopy/contracts'

/** What an invite is for, in a row and in the revoke button's name: its address, or the link and its domain. */
export function describeInvite(invite: Pick<Invite, 'type' | 'email' | 'domain'>): string {
  if (invite.type === 'email') return invite.email ?? ''
  return invite.domain ? `Invite link: addresses on ${invite.domain}` : 'Invite link: anyone with the link'
}

function revokeSubject(invite: Invite): string {
  if (invite.type === 'email') return `The invite to ${invite.email}`
  return invite.domain ? `The invite link for addresses on ${invite.domain}` : 'The invite link for anyone'
}

export const INVITE_TEXT = {
  roleLabel: 'Role',
  send: 'Send invite',
  sending: 'Sending...',
  revokeTitle: 'Revoke invite',
  revokeQuestion: (invite: Invite) =>
    `${revokeSubject(invite)} will stop working. You can make a new one later.`,
  revoking: 'Revoking...',
  cancel: 'Cancel',
  status: 'Status',
  role: 'Role',
  actions: 'Actions',
  invitesCaption: 'Active invites',
  historyCaption: 'Invites history',
  filter: 'Filter invites',
  statuses: {
    pending: 'Pending',
    accepted: 'Accepted',
    declined: 'Declined',
    revoked: 'Revoked',
    expired: 'Expired',
  },
  pageIntro: (siteName: string) => `You have been invited to join ${siteName} on Canopy.`,
  forAddress: (detail: string) => `The invite is for ${detail}.`,
  forDomain: (detail: string) => `The invite is for addresses on the ${detail} domain.`,
  signInToAccept: 'Already have an account? Log in with it to accept the invite.',
  registerToAccept: 'New to Canopy? Register to accept the invite.',
  declined: 'You declined the invite.',
  forAnyone: 'Anyone with this link may join.',
  emailHeading: 'Invite by email',
  linkHeading: 'Invite link',
  linkIntro:
    'Create a link to share yourself, for example in your team chat. Whoever opens it can join with its role until it expires or you revoke it.',
  domainLabel: 'Email domain (optional)',
  domainHint:
    'Only people whose email address is on this domain can join, for example example.com. Leave it empty to let anyone with the link join.',
  linkRoleLabel: 'Role for the link',
  createLink: 'Create invite link',
  creatingLink: 'Creating...',
  linkCreatedTitle: 'Invite link created',
  linkShownOnce:
    'Copy the link now and share it: it is shown only this once. You can revoke it from the list of invites.',
  linkField: 'Invite link',
  copyLink: 'Copy link',
  linkCopied: 'Link copied',
  copyFailed: 'The link could not be copied: select it and copy it yourself.',
  done: 'Done',
} as const
