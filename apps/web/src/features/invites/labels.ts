import type { SiteRole } from '@canopy/contracts'

export const ROLE_LABELS: Record<SiteRole, string> = { viewer: 'Viewer', editor: 'Editor', admin: 'Admin' }

export const INVITE_TEXT = {
  roleLabel: 'Role',
  send: 'Send invite',
  sending: 'Sending...',
  revokeTitle: 'Revoke invite',
  revokeQuestion: (email: string) =>
    `The invite to ${email} will stop working. You can send a new one later.`,
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
} as const
