import type { SiteRole, SiteUser } from '@canopy/contracts'
import { useMemo } from 'react'
import screenStyles from '@/components/area/screen.module.css'
import { AppLink } from '@/components/ui/app-link'
import { Button } from '@/components/ui/button'
import { type ListColumn, ListView, useListParams } from '@/components/ui/list'
import { PageHeader } from '@/components/ui/notice'
import { SelectField } from '@/components/ui/select-field'
import { showToast } from '@/components/ui/toast'
import { ROLE_LABELS, ROLE_OPTIONS } from '@/config/roles'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { formatDate } from '@/lib/format-values'
import { sitePath } from '@/lib/site-paths'
import { useChangeSiteUserRole, useSiteUserList } from '../api/site-users'
import { errorText, fullName, USER_TEXT } from '../labels'
import { useRemoveUserDialog } from './remove-user-dialog'
import styles from './site-users.module.css'

/** The user detail screen of the site: settings/user/:userId. */
export const userDetailPath = (siteSlug: string, userId: string) =>
  sitePath(siteSlug, null, `settings/user/${encodeURIComponent(userId)}`)

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

type ColumnOptions = {
  siteSlug: string
  canManage: boolean
  showAccountExpiry: boolean
  onRemove: (user: SiteUser) => void
}

const expiryColumn: ListColumn<SiteUser> = {
  id: 'accountExpiry',
  label: USER_TEXT.accountExpiry,
  render: (user) => (user.accountExpiry ? formatDate(user.accountExpiry) : USER_TEXT.noExpiry),
}

/**
 * Name (leading to the user's detail), e-mail, role, access and (behind its flag) the account expiry; for
 * admins a role select and Remove.
 */
function userColumns({
  siteSlug,
  canManage,
  showAccountExpiry,
  onRemove,
}: ColumnOptions): ListColumn<SiteUser>[] {
  const columns: ListColumn<SiteUser>[] = [
    {
      id: 'name',
      label: USER_TEXT.name,
      isRowHeader: true,
      render: (user) => <AppLink href={userDetailPath(siteSlug, user.id)}>{fullName(user)}</AppLink>,
    },
    { id: 'email', label: USER_TEXT.email, render: (user) => user.email },
    {
      id: 'role',
      label: USER_TEXT.role,
      render: (user) =>
        canManage ? <RoleCell siteSlug={siteSlug} user={user} /> : <span>{ROLE_LABELS[user.role]}</span>,
    },
    {
      id: 'access',
      label: USER_TEXT.access,
      render: (user) => (user.inherited ? USER_TEXT.throughGroup : USER_TEXT.direct),
    },
    ...(showAccountExpiry ? [expiryColumn] : []),
  ]
  if (!canManage) return columns
  return [
    ...columns,
    {
      id: 'actions',
      label: USER_TEXT.actions,
      render: (user) =>
        user.inherited ? null : (
          <Button
            size="small"
            variant="danger"
            aria-label={`${USER_TEXT.remove} ${fullName(user)}`}
            onPress={() => onRemove(user)}
          >
            {USER_TEXT.remove}
          </Button>
        ),
    },
  ]
}

/**
 * settings/users: who can see the site, each leading to their detail. Admins change a member's role here and
 * remove members (after a confirmation); editors, who may see the users, read the list only.
 */
export function SiteUsersScreen({
  siteSlug,
  siteName,
  canManage,
  showAccountExpiry = false,
}: {
  siteSlug: string
  siteName: string
  canManage: boolean
  /** the account expiry column shows only with its feature flag on */
  showAccountExpiry?: boolean
}) {
  useDocumentTitle(USER_TEXT.title)
  const list = useListParams({ sortBy: 'name', sortDir: 'asc' })
  const users = useSiteUserList(siteSlug, list.query)
  const removal = useRemoveUserDialog(siteSlug, siteName)
  const onRemove = removal.request
  const columns = useMemo(
    () => userColumns({ siteSlug, canManage, showAccountExpiry, onRemove }),
    [siteSlug, canManage, showAccountExpiry, onRemove],
  )
  return (
    <div className={screenStyles.screen}>
      <PageHeader eyebrow="Settings" title={USER_TEXT.title} />
      <p className={styles.intro}>{USER_TEXT.intro}</p>
      {canManage ? null : <p className={styles.intro}>{USER_TEXT.readOnly}</p>}
      <ListView
        caption={USER_TEXT.caption}
        captionHidden
        filterLabel={USER_TEXT.filter}
        columns={columns}
        list={list}
        query={users}
        getRowKey={(user) => user.id}
      />
      {removal.modal}
    </div>
  )
}
