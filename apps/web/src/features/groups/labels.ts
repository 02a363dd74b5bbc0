import { GROUP_MESSAGES } from '@canopy/contracts'

/** The words of the groups screens; the load error is the spec's (messages.json). */
export const GROUP_TEXT = {
  title: 'Groups',
  caption: "The site's groups",
  intro:
    'A group gives its role on this site to its members and to the members of every group nested inside it. Someone in several groups, or also a member, has the highest of their roles.',
  filter: 'Filter groups',
  loadError: GROUP_MESSAGES.loadError,
  noAccess: "You don't have access to this site's groups.",
  askAdmin: 'An administrator of this site can give you access.',
  empty: 'This site has no groups yet.',
  name: 'Name',
  nameRequired: GROUP_MESSAGES.nameRequired,
  parentLabel: 'Parent group',
  parentHint: 'A subgroup is part of its parent: its members also get the role of every group it is inside.',
  noParent: 'No parent (top level)',
  roleHint: 'What its members may do on this site.',
  role: 'Role',
  parent: 'Inside',
  members: 'Members',
  subgroups: 'Subgroups',
  actions: 'Actions',
  topLevel: '–',
  newGroup: 'New group',
  newSubgroup: 'New subgroup',
  create: 'Create group',
  creating: 'Creating...',
  cancel: 'Cancel',
  created: (name: string) => `Group ${name} created.`,
  delete: 'Delete',
  deleteGroup: 'Delete group',
  deleting: 'Deleting...',
  deleteTitle: 'Delete group',
  deleteQuestion: (name: string, subgroups: number) =>
    subgroups > 0
      ? `Delete the group ${name}? Its members lose the role it gives them, and its ${subgroups === 1 ? 'subgroup goes' : `${subgroups} subgroups go`} with it, with their own subgroups.`
      : `Delete the group ${name}? Its members lose the role it gives them.`,
  deleted: (name: string) => `Group ${name} deleted.`,
  somethingWrong: 'Something went wrong.',
  tabs: { users: 'Users', groups: 'Subgroups', settings: 'Settings' },
  tabsLabel: 'Group',
  membersCaption: (name: string) => `Members of ${name}`,
  filterMembers: 'Filter members',
  noMembers: 'This group has no members yet.',
  email: 'Email address',
  addMember: 'Add a user',
  addMemberHint: 'Type a name or an email address to find someone who can see this site.',
  add: 'Add to group',
  adding: 'Adding...',
  noUsersFound: 'No users found',
  chooseUser: 'Choose a user from the list first.',
  added: (name: string) => `${name} was added to the group.`,
  remove: 'Remove',
  removed: (name: string) => `${name} was removed from the group.`,
  subgroupsCaption: (name: string) => `Subgroups of ${name}`,
  filterSubgroups: 'Filter subgroups',
  noSubgroups: 'This group has no subgroups yet.',
  settingsHeading: 'Group settings',
  save: 'Save changes',
  saving: 'Saving...',
  saved: 'Group saved.',
  dangerHeading: 'Delete this group',
  deleteExplain:
    'Its members lose the role it gives them on this site, and its subgroups are deleted with it. This cannot be undone.',
  summary: (role: string, members: number, parent: string | null) =>
    `${role} role · ${members === 1 ? '1 member' : `${members} members`}${parent ? ` · inside ${parent}` : ''}`,
  notFound: GROUP_MESSAGES.notFound,
  backToGroups: 'Back to the groups',
} as const

/** The group detail's tabs (settings/group/:groupId/:tabId); an unknown tab id is the users tab. */
export const GROUP_TABS = ['users', 'groups', 'settings'] as const
export type GroupTab = (typeof GROUP_TABS)[number]

export function readGroupTab(tabId: string | undefined): GroupTab {
  return GROUP_TABS.find((tab) => tab === tabId) ?? 'users'
}

/** A message from the server when it gave one (a taken name, the last administrator), else a generic one. */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : GROUP_TEXT.somethingWrong
}
