import { useNavigate, useParams } from 'react-router'
import { GroupDetailScreen } from '@/features/groups/components/group-detail-screen'
import { type GroupTab, readGroupTab } from '@/features/groups/labels'
import { AreaGate } from './area-gate'

const settingsPath = (siteSlug: string, rest: string) =>
  `/site/${encodeURIComponent(siteSlug)}/settings/${rest}`

/** settings/group/:groupId/:tabId (site admins): one group by tab (users, groups, settings). */
export function Component() {
  const { groupId = '', tabId } = useParams()
  const navigate = useNavigate()
  return (
    <AreaGate>
      {(scope) => (
        <GroupDetailScreen
          key={groupId}
          siteSlug={scope.siteSlug}
          groupId={groupId}
          tab={readGroupTab(tabId)}
          onTabChange={(tab: GroupTab) =>
            navigate(settingsPath(scope.siteSlug, `group/${encodeURIComponent(groupId)}/${tab}`), {
              replace: true,
            })
          }
          onDeleted={() => navigate(settingsPath(scope.siteSlug, 'groups'), { replace: true })}
        />
      )}
    </AreaGate>
  )
}
