import type { Group } from '@canopy/contracts'
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components'
import { BreadcrumbHeader } from '@/components/ui/breadcrumb-header'
import { ButtonLink } from '@/components/ui/button'
import { NoticePanel, PageLoader } from '@/components/ui/notice'
import tabStyles from '@/components/ui/tabs.module.css'
import { MESSAGES } from '@/config/messages'
import { ROLE_LABELS } from '@/config/roles'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useGoBack } from '@/hooks/use-go-back'
import { isApiError } from '@/lib/api-client'
import { groupPath } from '@/lib/site-paths'
import { useGroup } from '../api/groups'
import { GROUP_TABS, GROUP_TEXT, type GroupTab } from '../labels'
import { GroupMembersTab } from './group-members-tab'
import { GroupSettingsTab } from './group-settings-tab'
import styles from './groups.module.css'
import { SubgroupsTab } from './subgroups-tab'

export type GroupDetailScreenProps = {
  siteSlug: string
  groupId: string
  tab: GroupTab
  onTabChange: (tab: GroupTab) => void
  /** after the group is deleted from its settings tab */
  onDeleted: () => void
}

const groupsListHref = (siteSlug: string) => `/site/${encodeURIComponent(siteSlug)}/settings/groups`

function GroupNotFound({ siteSlug, isMissing }: { siteSlug: string; isMissing: boolean }) {
  return (
    <NoticePanel
      icon="alert"
      tone="danger"
      title={isMissing ? GROUP_TEXT.notFound : MESSAGES.detailError.title}
      headingLevel={1}
    >
      {isMissing ? null : <p>{MESSAGES.detailError.body}</p>}
      <ButtonLink variant="secondary" href={groupsListHref(siteSlug)}>
        {GROUP_TEXT.backToGroups}
      </ButtonLink>
    </NoticePanel>
  )
}

/** The group's tabs: its members, its subgroups and its settings; the URL names the tab. */
function GroupTabs({
  siteSlug,
  group,
  tab,
  onTabChange,
  onDeleted,
}: GroupDetailScreenProps & { group: Group }) {
  return (
    <Tabs
      selectedKey={tab}
      onSelectionChange={(key) => onTabChange(key as GroupTab)}
      className={tabStyles.tabs}
    >
      <TabList aria-label={GROUP_TEXT.tabsLabel} className={tabStyles.tabList}>
        {GROUP_TABS.map((id) => (
          <Tab key={id} id={id} className={tabStyles.tab}>
            {GROUP_TEXT.tabs[id]}
          </Tab>
        ))}
      </TabList>
      <TabPanel id="users" className={tabStyles.tabPanel}>
        <h2 className="visually-hidden">{GROUP_TEXT.tabs.users}</h2>
        <GroupMembersTab siteSlug={siteSlug} group={group} />
      </TabPanel>
      <TabPanel id="groups" className={tabStyles.tabPanel}>
        <h2 className="visually-hidden">{GROUP_TEXT.tabs.groups}</h2>
        <SubgroupsTab siteSlug={siteSlug} group={group} />
      </TabPanel>
      <TabPanel id="settings" className={tabStyles.tabPanel}>
        <GroupSettingsTab siteSlug={siteSlug} group={group} onDeleted={onDeleted} />
      </TabPanel>
    </Tabs>
  )
}

/** settings/group/:groupId/:tabId (site admins): one group under a breadcrumb header, by tab. */
export function GroupDetailScreen(props: GroupDetailScreenProps) {
  const { siteSlug, groupId } = props
  const group = useGroup(siteSlug, groupId)
  const goBack = useGoBack()
  useDocumentTitle(group.data ? group.data.name : GROUP_TEXT.title)
  if (group.isError) return <GroupNotFound siteSlug={siteSlug} isMissing={isApiError(group.error, 404)} />
  if (!group.data) return <PageLoader />
  const { name, role, memberCount, parent } = group.data
  const crumbs = [
    { label: GROUP_TEXT.title, href: groupsListHref(siteSlug) },
    ...(parent ? [{ label: parent.name, href: groupPath(siteSlug, parent.id, 'groups') }] : []),
  ]
  return (
    <div className={styles.detail}>
      <BreadcrumbHeader
        title={name}
        crumbs={crumbs}
        fallbackHref={groupsListHref(siteSlug)}
        onBack={goBack}
      />
      <p className={styles.muted}>
        {GROUP_TEXT.summary(ROLE_LABELS[role], memberCount, parent?.name ?? null)}
      </p>
      <GroupTabs {...props} group={group.data} />
    </div>
  )
}
