import type { SiteRole, SiteUserDetail } from '@canopy/contracts'
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components'
import { useNavigate } from 'react-router'
import screenStyles from '@/components/area/screen.module.css'
import { AppLink } from '@/components/ui/app-link'
import { Button } from '@/components/ui/button'
import { FactList } from '@/components/ui/fact-list'
import { InlineAlert, NoticePanel, PageHeader, PageLoader } from '@/components/ui/notice'
import { SelectField } from '@/components/ui/select-field'
import { Switch } from '@/components/ui/switch'
import tabStyles from '@/components/ui/tabs.module.css'
import { TextField } from '@/components/ui/text-field'
import { showToast } from '@/components/ui/toast'
import { MESSAGES } from '@/config/messages'
import { ROLE_LABELS, ROLE_OPTIONS } from '@/config/roles'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { buildApiUrl, isApiError } from '@/lib/api-client'
import { formatDate } from '@/lib/format-values'
import { groupPath, sitePath } from '@/lib/site-paths'
import { useChangeSiteUserRole, useSiteUser } from '../api/site-users'
import { errorText, fullName, USER_TEXT } from '../labels'
import { AccountExpiryField } from './account-expiry-field'
import { useRemoveUserDialog } from './remove-user-dialog'
import styles from './site-users.module.css'

type DetailProps = {
  siteSlug: string
  siteName: string
  userId: string
  canManage: boolean
  /** the account expiry field shows only with its feature flag on */
  showAccountExpiry: boolean
}

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
      <h2 id="user-profile">{MESSAGES.userDetail.personalDetails}</h2>
      <div className={styles.profile}>
        <img
          className={styles.avatar}
          src={buildApiUrl(`/api/v1/avatars/${encodeURIComponent(user.id)}`, { size: 96 })}
          alt=""
          width={96}
          height={96}
        />
        <FactList
          label={MESSAGES.userDetail.personalDetails}
          facts={[
            { term: USER_TEXT.name, value: fullName(user) },
            { term: USER_TEXT.eMail, value: user.email },
            // The username is the e-mail address.
            { term: USER_TEXT.username, value: user.email },
          ]}
        />
      </div>
      <p className={styles.hint}>{USER_TEXT.profileHint}</p>
    </section>
  )
}

type TabsProps = { siteSlug: string; user: SiteUserDetail; canManage: boolean; showAccountExpiry: boolean }

/**
 * The account's settings: Admin, shown disabled, is on when the user's role on the site is admin (the role
 * above gives it); the account expiry (behind its feature flag), which administrators set here; the
 * sections, shown disabled (access is per site, so every section).
 */
function AccountSection({ siteSlug, user, canManage, showAccountExpiry }: TabsProps) {
  return (
    <section className={styles.section} aria-labelledby="user-account">
      <h2 id="user-account">{USER_TEXT.accountHeading}</h2>
      <Switch isDisabled isSelected={user.role === 'admin'} description={USER_TEXT.adminHint}>
        {MESSAGES.userDetail.admin}
      </Switch>
      {showAccountExpiry ? (
        <AccountExpiryField siteSlug={siteSlug} user={user} canManage={canManage} />
      ) : null}
      <TextField
        label={USER_TEXT.sections}
        isDisabled
        value={USER_TEXT.allSections}
        description={USER_TEXT.sectionsHint}
      />
    </section>
  )
}

/** The user's own consent to product news e-mails, which only they change (on their profile). */
function MarketingPanel({ user }: { user: SiteUserDetail }) {
  const consent = user.productNewsConsent
    ? USER_TEXT.consentSince(formatDate(user.productNewsConsentAt))
    : USER_TEXT.consentNo
  return (
    <section className={styles.section} aria-labelledby="user-marketing">
      <h2 id="user-marketing" className="visually-hidden">
        {MESSAGES.userDetail.marketingPreferences}
      </h2>
      <FactList
        label={MESSAGES.userDetail.marketingPreferences}
        facts={[{ term: USER_TEXT.productNews, value: consent }]}
      />
      <p className={styles.hint}>{USER_TEXT.consentHint}</p>
    </section>
  )
}

/** The two tabs: personal details (profile, access, account) and marketing preferences. */
function UserTabs({ siteSlug, user, canManage, showAccountExpiry }: TabsProps) {
  return (
    <Tabs className={tabStyles.tabs}>
      <TabList aria-label={USER_TEXT.tabsLabel} className={tabStyles.tabList}>
        <Tab id="details" className={tabStyles.tab}>
          {MESSAGES.userDetail.personalDetails}
        </Tab>
        <Tab id="marketing" className={tabStyles.tab}>
          {MESSAGES.userDetail.marketingPreferences}
        </Tab>
      </TabList>
      <TabPanel id="details" className={tabStyles.tabPanel}>
        <ProfileSection user={user} />
        <AccessSection siteSlug={siteSlug} user={user} canManage={canManage} />
        <AccountSection
          siteSlug={siteSlug}
          user={user}
          canManage={canManage}
          showAccountExpiry={showAccountExpiry}
        />
      </TabPanel>
      <TabPanel id="marketing" className={tabStyles.tabPanel}>
        <MarketingPanel user={user} />
      </TabPanel>
    </Tabs>
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
 * settings/user/:userId: a user of the site in two tabs. Personal details: their photo, name, address and
 * username, their role there, their own role and the roles their groups give them, and the account's
 * settings shown disabled. Marketing preferences: their own product news consent, read-only. Admins change
 * the own role and remove the member (after a confirmation); editors read it only.
 */
export function SiteUserDetailScreen({
  siteSlug,
  siteName,
  userId,
  canManage,
  showAccountExpiry,
}: DetailProps) {
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
      <UserTabs
        siteSlug={siteSlug}
        user={detail}
        canManage={canManage}
        showAccountExpiry={showAccountExpiry}
      />
      {removal.modal}
    </div>
  )
}
