import type { Group } from '@canopy/contracts'
import { useMemo, useState } from 'react'
import { ListView, useListParams } from '@/components/ui/list'
import { useSubgroupList } from '../api/groups'
import { GROUP_TEXT } from '../labels'
import { CreateGroupButton, DeleteGroupDialog } from './group-dialogs'
import { GroupsNoAccess, groupColumns } from './groups-screen'

/** The groups tab: the group's own subgroups, creating one inside it and deleting one. */
export function SubgroupsTab({ siteSlug, group }: { siteSlug: string; group: Group }) {
  const list = useListParams({ sortBy: 'name', sortDir: 'asc' })
  const subgroups = useSubgroupList(siteSlug, group.id, list.query)
  const [deleting, setDeleting] = useState<Group | null>(null)
  const columns = useMemo(() => groupColumns(siteSlug, setDeleting, { withParent: false }), [siteSlug])
  if (subgroups.data?.hasAccess === false) return <GroupsNoAccess />
  return (
    <>
      <ListView
        caption={GROUP_TEXT.subgroupsCaption(group.name)}
        captionHidden
        filterLabel={GROUP_TEXT.filterSubgroups}
        columns={columns}
        list={list}
        query={subgroups}
        getRowKey={(subgroup) => subgroup.id}
        emptyMessage={GROUP_TEXT.noSubgroups}
        errorTitle={GROUP_TEXT.loadError}
        toolbar={<CreateGroupButton siteSlug={siteSlug} parent={group} />}
      />
      <DeleteGroupDialog siteSlug={siteSlug} group={deleting} onClose={() => setDeleting(null)} />
    </>
  )
}
