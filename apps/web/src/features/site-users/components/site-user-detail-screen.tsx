import type { SiteRole, SiteUserDetail } from '@canopy/contracts'
import { useNavigate } from 'react-router'
import screenStyles from '@/components/area/screen.module.css'
import { AppLink } from '@/components/ui/app-link'
import { Button } from '@/components/ui/button'
import { FactList } from '@/components/ui/fact-list'
import { InlineAlert, NoticePanel, PageHeader, PageLoader } from '@/components/ui/notice'
import { SelectField } from '@/components/ui/select-field'
import { showToast } from '@/components/ui/toast'
import { MESSAGES } from '@/config/messages'
import { ROLE_LABELS, ROLE_OPTIONS } from '@/config/roles'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { buildApiUrl, isApiError } from '@/lib/api-client'
import { groupPath, sitePath } from '@/lib/site-paths'
import { useChangeSiteUserRole, useSiteUser } from '../api/site-users'
import { errorText, fullName, USER_TEXT } from '../labels'
import { useRemoveUserDialog } from './remove-user-dialog'
import styles from './site-users.module.css'

type DetailProps = { siteSlug: string; siteName: string; userId: string; canManage: boolean }

/** The user's own role: a select for admins (changed at once; a refusal such as the last admin's is shown). */
function OwnRoleControl({ siteSlug, user }: { siteSlug: string; user: SiteUserDetail }) {
  const change = useChangeSiteUserRole(siteSlug)
  if (!user.directRole) return <p>{USER_TEXT.throughGroupsOnly}</p>
  return (
    <div className={styles.roleControl}>
      <SelectField
        label={USER_TEXT.ownRoleLabel}
        value={change.isPending ? (change.variables?.role ?? user.directRole) : user.directRole}
        options={ROLE_OPTIONS}
        isDisabled={change.isPending}
        onChange={(role) =>
          change.mutate(
            { userId: user.id, role: role as SiteRole },
            {
              onSuccess: () =>
                showToast(USER_TEXT.roleChanged(fullName(user), ROLE_LABELS[role as SiteRole])),
            },
          )
        }
      />
      {change.isError ? <InlineAlert>{errorText(change.error)}</InlineAlert> : null}
    </div>
  )
}

/**
 * The groups that give the user a role, each with that role and how it reaches them: they are in the group,
 * or in a subgroup nested inside it. Each group's name leads to its detail screen.
 */
function GroupRoles({ siteSlug, groups }: { siteSlug: string; groups: SiteUserDetail['groups'] }) {
  if (groups.length === 0) return <p>{USER_TEXT.noGroups}</p>
  return (
    <div className={styles.tableScroll}>
      <table className={styles.matrix}>
        <caption className="visually-hidden">{USER_TEXT.groupsCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{USER_TEXT.group}</th>
            <th scope="col">{USER_TEXT.role}</th>
            <th scope="col">{USER_TEXT.groupAccess}</th>
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => (
            <tr key={group.id}>
              <th scope="row">
                <AppLink href={groupPath(siteSlug, group.id)}>{group.name}</AppLink>
              </th>
              <td>{ROLE_LABELS[group.role]}</td>
              <td>
                {group.through ? (
                  <>
                    {USER_TEXT.throughSubgroup}{' '}
                    <AppLink href={groupPath(siteSlug, group.through.id)}>{group.through.name}</AppLink>
                  </>
                ) : (
                  USER_TEXT.inGroup
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function AccessSection({
  siteSlug,
  user,
  canManage,
}: {
  siteSlug: string
  user: SiteUserDetail
  canManage: boolean
}) {
  const ownRole = user.directRole ? ROLE_LABELS[user.directRole] : USER_TEXT.noOwnRole
  return (
    <section className={styles.section} aria-labelledby="user-access">
      <h2 id="user-access">{USER_TEXT.accessHeading}</h2>
      <FactList
        label={USER_TEXT.accessHeading}
        facts={[
          { term: USER_TEXT.siteRole, value: ROLE_LABELS[user.role] },
          ...(canManage ? [] : [{ term: USER_TEXT.ownRole, value: ownRole }]),
        ]}
      />
      <p className={styles.hint}>{USER_TEXT.siteRoleHint}</p>
      {canManage ? <OwnRoleControl siteSlug={siteSlug} user={user} /> : <p>{USER_TEXT.readOnly}</p>}
      <h3>{USER_TEXT.groupsHeading}</h3>
      <GroupRoles siteSlug={siteSlug} groups={user.groups} />
    </section>
  )
}

function ProfileSection({ user }: { user: SiteUserDetail }) {
  return (
    <section className={styles.section} aria-labelledby="user-profile">
      <h2 id="user-profile">{USER_TEXT.profile}</h2>
      <div className={styles.profile}>
        <img
          className={styles.avatar}
          src={buildApiUrl(`/api/v1/avatars/${encodeURIComponent(user.id)}`, { size: 96 })}
          alt=""
          width={96}
          height={96}
        />
        <FactList
          label={USER_TEXT.profile}
          facts={[
            { term: USER_TEXT.name, value: fullName(user) },
            { term: USER_TEXT.email, value: user.email },
          ]}
        />
      </div>
    </section>
  )
}

function DetailError({ error }: { error: unknown }) {
  if (isApiError(error, 404))
    return (
      <NoticePanel icon="info" tone="warning" title={USER_TEXT.notFound} headingLevel={1}>
        <p>{error.message}</p>
      </NoticePanel>
    )
  return (
    <NoticePanel icon="alert" tone="danger" title={MESSAGES.detailError.title} headingLevel={1}>
      <p>{MESSAGES.detailError.body}</p>
    </NoticePanel>
  )
}

/**
 * settings/user/:userId: a user of the site with their photo, name and address, their role there, their own
 * role and the roles their groups give them. Admins change the own role and remove the member (after a
 * confirmation); editors read it only.
 */
export function SiteUserDetailScreen({ siteSlug, siteName, userId, canManage }: DetailProps) {
  const user = useSiteUser(siteSlug, userId)
  const navigate = useNavigate()
  const usersPath = sitePath(siteSlug, null, 'settings/users')
  const removal = useRemoveUserDialog(siteSlug, siteName, () => navigate(usersPath))
  useDocumentTitle(user.data ? fullName(user.data) : USER_TEXT.title)
  if (removal.isRemoved) return <PageLoader />
  if (user.isPending) return <PageLoader />
  if (user.isError) return <DetailError error={user.error} />
  const detail = user.data
  return (
    <div className={screenStyles.screen}>
      <PageHeader
        eyebrow={<AppLink href={usersPath}>{USER_TEXT.backToUsers}</AppLink>}
        title={fullName(detail)}
        actions={
          canManage && detail.isMember ? (
            <Button variant="danger" onPress={() => removal.request(detail)}>
              {USER_TEXT.removeFromSite}
            </Button>
          ) : null
        }
      />
      <ProfileSection user={detail} />
      <AccessSection siteSlug={siteSlug} user={detail} canManage={canManage} />
      {removal.modal}
    </div>
  )
}
