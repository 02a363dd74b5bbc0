import type { SiteRole, SiteUser } from '@canopy/contracts'
import { useMemo } from 'react'
import screenStyles from '@/components/area/screen.module.css'
import { Button } from '@/components/ui/button'
import { type ListColumn, ListView, useListParams } from '@/components/ui/list'
import { PageHeader } from '@/components/ui/notice'
import { SelectField } from '@/components/ui/select-field'
import { showToast } from '@/components/ui/toast'
import { ROLE_LABELS, ROLE_OPTIONS } from '@/config/roles'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useChangeSiteUserRole, useRemoveSiteUser, useSiteUserList } from '../api/site-users'
import styles from './site-users.module.css'

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
} as const

const fullName = (user: SiteUser) => `${user.firstName} ${user.lastName}`.trim()

/** The server's words when a change is refused (the last administrator, a group member), else a generic one. */
function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong.'
}

/** A member's role as a select (changed at once), or the role their groups give them. */
function RoleCell({ siteSlug, user }: { siteSlug: string; user: SiteUser }) {
  const change = useChangeSiteUserRole(siteSlug)
  if (user.inherited) return <span>{ROLE_LABELS[user.role]}</span>
  return (
    <SelectField
      label={`Role of ${fullName(user)}`}
      value={user.role}
      options={ROLE_OPTIONS}
      isDisabled={change.isPending}
      onChange={(role) =>
        change.mutate(
          { userId: user.id, role: role as SiteRole },
          {
            onSuccess: () => showToast(USER_TEXT.roleChanged(fullName(user), ROLE_LABELS[role as SiteRole])),
            onError: (error) => showToast(errorText(error), 'error'),
          },
        )
      }
    />
  )
}

function RemoveCell({ siteSlug, user }: { siteSlug: string; user: SiteUser }) {
  const remove = useRemoveSiteUser(siteSlug)
  if (user.inherited) return null
  return (
    <Button
      size="small"
      variant="danger"
      isDisabled={remove.isPending}
      aria-label={`${USER_TEXT.remove} ${fullName(user)}`}
      onPress={() =>
        remove.mutate(user.id, {
          onSuccess: () => showToast(USER_TEXT.removed(fullName(user))),
          onError: (error) => showToast(errorText(error), 'error'),
        })
      }
    >
      {USER_TEXT.remove}
    </Button>
  )
}

function userColumns(siteSlug: string): ListColumn<SiteUser>[] {
  return [
    { id: 'name', label: USER_TEXT.name, isRowHeader: true, render: fullName },
    { id: 'email', label: USER_TEXT.email, render: (user) => user.email },
    { id: 'role', label: USER_TEXT.role, render: (user) => <RoleCell siteSlug={siteSlug} user={user} /> },
    {
      id: 'access',
      label: USER_TEXT.access,
      render: (user) => (user.inherited ? USER_TEXT.throughGroup : USER_TEXT.direct),
    },
    {
      id: 'actions',
      label: USER_TEXT.actions,
      render: (user) => <RemoveCell siteSlug={siteSlug} user={user} />,
    },
  ]
}

/** settings/users (site admins): who can see the site, each member's role, and removing a member. */
export function SiteUsersScreen({ siteSlug }: { siteSlug: string }) {
  useDocumentTitle(USER_TEXT.title)
  const list = useListParams({ sortBy: 'name', sortDir: 'asc' })
  const users = useSiteUserList(siteSlug, list.query)
  const columns = useMemo(() => userColumns(siteSlug), [siteSlug])
  return (
    <div className={screenStyles.screen}>
      <PageHeader eyebrow="Settings" title={USER_TEXT.title} />
      <p className={styles.intro}>{USER_TEXT.intro}</p>
      <ListView
        caption={USER_TEXT.caption}
        captionHidden
        filterLabel={USER_TEXT.filter}
        columns={columns}
        list={list}
        query={users}
        getRowKey={(user) => user.id}
      />
    </div>
  )
}
