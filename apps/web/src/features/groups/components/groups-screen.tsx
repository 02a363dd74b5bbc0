import type { Group } from '@canopy/contracts'
import { useMemo, useState } from 'react'
import screenStyles from '@/components/area/screen.module.css'
import { AppLink } from '@/components/ui/app-link'
import { Button } from '@/components/ui/button'
import { type ListColumn, ListView, useListParams } from '@/components/ui/list'
import { NoticePanel, PageHeader } from '@/components/ui/notice'
import { ROLE_LABELS } from '@/config/roles'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { groupPath } from '@/lib/site-paths'
import { useSiteGroupList } from '../api/groups'
import { GROUP_TEXT } from '../labels'
import { CreateGroupButton, DeleteGroupDialog } from './group-dialogs'
import styles from './groups.module.css'

/** The columns of a list of groups: each name leads to its group; `onDelete` asks before deleting one. */
export function groupColumns(
  siteSlug: string,
  onDelete: (group: Group) => void,
  { withParent }: { withParent: boolean },
): ListColumn<Group>[] {
  const parent: ListColumn<Group> = {
    id: 'parent',
    label: GROUP_TEXT.parent,
    render: (group) =>
      group.parent ? (
        <AppLink href={groupPath(siteSlug, group.parent.id)}>{group.parent.name}</AppLink>
      ) : (
        GROUP_TEXT.topLevel
      ),
  }
  return [
    {
      id: 'name',
      label: GROUP_TEXT.name,
      sortable: true,
      isRowHeader: true,
      render: (group) => (
        <AppLink href={groupPath(siteSlug, group.id)} className={styles.nameCell}>
          {group.name}
        </AppLink>
      ),
    },
    { id: 'role', label: GROUP_TEXT.role, sortable: true, render: (group) => ROLE_LABELS[group.role] },
    ...(withParent ? [parent] : []),
    { id: 'members', label: GROUP_TEXT.members, sortable: true, align: 'end', render: (g) => g.memberCount },
    { id: 'subgroups', label: GROUP_TEXT.subgroups, align: 'end', render: (group) => group.groupCount },
    {
      id: 'actions',
      label: GROUP_TEXT.actions,
      render: (group) => (
        <Button
          size="small"
          variant="danger"
          aria-label={`${GROUP_TEXT.delete} ${group.name}`}
          onPress={() => onDelete(group)}
        >
          {GROUP_TEXT.delete}
        </Button>
      ),
    },
  ]
}

/** What a caller without access to the groups sees (the groups call answered 401 or 403). */
export function GroupsNoAccess() {
  return (
    <NoticePanel icon="alert" tone="warning" title={GROUP_TEXT.noAccess} headingLevel={2}>
      <p>{GROUP_TEXT.askAdmin}</p>
    </NoticePanel>
  )
}

/** settings/groups (site admins): every group of the site in the list pattern, creating and deleting one. */
export function GroupsScreen({ siteSlug }: { siteSlug: string }) {
  useDocumentTitle(GROUP_TEXT.title)
  const list = useListParams({ sortBy: 'name', sortDir: 'asc' })
  const groups = useSiteGroupList(siteSlug, list.query)
  const [deleting, setDeleting] = useState<Group | null>(null)
  const columns = useMemo(() => groupColumns(siteSlug, setDeleting, { withParent: true }), [siteSlug])
  return (
    <div className={screenStyles.screen}>
      <PageHeader eyebrow="Settings" title={GROUP_TEXT.title} />
      <p className={styles.intro}>{GROUP_TEXT.intro}</p>
      {groups.data?.hasAccess === false ? (
        <GroupsNoAccess />
      ) : (
        <ListView
          caption={GROUP_TEXT.caption}
          captionHidden
          filterLabel={GROUP_TEXT.filter}
          columns={columns}
          list={list}
          query={groups}
          getRowKey={(group) => group.id}
          emptyMessage={GROUP_TEXT.empty}
          errorTitle={GROUP_TEXT.loadError}
          toolbar={<CreateGroupButton siteSlug={siteSlug} />}
        />
      )}
      <DeleteGroupDialog siteSlug={siteSlug} group={deleting} onClose={() => setDeleting(null)} />
    </div>
  )
}
