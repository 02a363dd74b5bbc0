/**
 * An account's expiry ends the whole account: from that moment it cannot sign in, and its sessions and API
 * tokens stop working. Site administrators set it on the user detail screen.
 */
export const ACCOUNT_EXPIRY_MESSAGES = {
  expired: "Your account has expired. Please contact your organisation's administrator to get access again.",
  notInFuture: 'The account expiry must be a date and time in the future.',
  invalid: 'The account expiry must be a date, or null for an account that does not expire.',
  ownAccount: 'You cannot set an expiry on your own account.',
  staffAccount: 'A staff account cannot be given an expiry.',
  otherSites:
    'This user can also see sites you do not administer, so you cannot end their account: remove them from this site instead.',
  nothingToChange: 'Send a role, an account expiry, or both.',
} as const
