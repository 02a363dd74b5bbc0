import type { SiteUser } from '@canopy/contracts'

/** The words of the users list and the user detail (beyond messages.json, which has none for them). */
export const USER_TEXT = {
  title: 'Users',
  caption: 'The people who can see this site and their roles',
  filter: 'Filter users',
  name: 'Name',
  email: 'Email address',
  role: 'Role',
  access: 'Access',
  direct: 'Member',
  throughGroup: 'Through a group',
  actions: 'Actions',
  remove: 'Remove',
  roleChanged: (name: string, role: string) => `${name} is now ${role}.`,
  removed: (name: string) => `${name} was removed from the site.`,
  intro:
    'Viewers read the results; editors also start scans, edit dictionaries, assign issues and open tickets; admins also change the settings, users and invites.',
  readOnly: "Only the site's administrators can change roles and remove users.",
  backToUsers: 'Back to users',
  tabsLabel: 'User details',
  eMail: 'E-mail',
  username: 'Username',
  profileHint: 'Only the user changes their name, on their own profile.',
  accountHeading: 'Account',
  adminHint: 'Given by the role above.',
  accountExpiry: 'Account expiry',
  noExpiry: 'No expiry',
  expiryHint:
    'The account stops working at the end of this day, on every site it can see: it can no longer sign in and its sessions and API tokens end.',
  expiryCurrent: (value: string) => `Currently: ${value}`,
  saveExpiry: 'Save expiry',
  removeExpiry: 'Remove expiry',
  expirySet: (name: string, date: string) => `${name}'s account expires at the end of ${date}.`,
  expiryRemoved: (name: string) => `${name}'s account no longer expires.`,
  expiryRequired: 'Choose a date, or use Remove expiry.',
  sections: 'Sections',
  allSections: 'All sections',
  sectionsHint: 'Access is per site: a user sees every section of it.',
  productNews: 'Product news e-mails',
  consentSince: (date: string) => `Yes, since ${date}`,
  consentNo: 'No',
  consentHint:
    'The user gives or withdraws this consent on their own profile. Canopy records it; it sends no newsletter itself.',
  accessHeading: 'Access to this site',
  siteRole: 'Role on this site',
  siteRoleHint:
    'The highest of their own role and the roles of their groups. A subgroup is part of its parent group: its members also get the role of every group it is inside.',
  ownRole: 'Their own role',
  noOwnRole: 'None: they see the site through their groups',
  ownRoleLabel: 'Their own role on this site',
  groupsHeading: 'Roles from groups',
  groupsCaption: 'The groups that give them a role on this site',
  group: 'Group',
  groupAccess: 'How',
  inGroup: 'Member of the group',
  throughSubgroup: 'Through its subgroup',
  noGroups: 'They are not in any group of this site.',
  throughGroupsOnly:
    'They see this site only through their groups: change their role in those groups, or invite them to the site.',
  removeFromSite: 'Remove from site',
  removeTitle: 'Remove from site',
  removeQuestion: (name: string, siteName: string) =>
    `${name} will no longer see ${siteName} as a member. Roles their groups give them stay until they leave those groups.`,
  removing: 'Removing...',
  cancel: 'Cancel',
  notFound: 'User not found',
} as const

export const fullName = (user: Pick<SiteUser, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`.trim()

/** The server's words when a change is refused (the last administrator, a group member), else a generic one. */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong.'
}
