import {
  type CreateGroupRequest,
  type Group,
  type GroupMember,
  GroupMemberSchema,
  GroupSchema,
  GroupUsersPageSchema,
  MAX_PAGE_SIZE,
  type PagedList,
  SiteGroupsPageSchema,
  SiteUsersPageSchema,
  type UpdateGroupRequest,
} from '@canopy/contracts'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ListApiQuery } from '@/components/ui/list'
import { requestApi, requestApiWithAccess } from '@/lib/api-client'
import { sitePrefix } from '@/lib/site-list'

const groupsKey = (siteSlug: string) => ['sites', 'groups', siteSlug] as const
/** The site's users list (settings/users): a group's role or members change the roles it shows. */
const usersKey = (siteSlug: string) => ['sites', 'users', siteSlug] as const
const groupPath = (siteSlug: string, groupId: string) =>
  `${sitePrefix(siteSlug)}/group/${encodeURIComponent(groupId)}`

/** A page of groups as the list pattern reads it, and whether the caller may see the groups at all. */
export type GroupListPage = PagedList<Group> & { hasAccess: boolean }

/** The list pattern counts pages from one, the API from zero. */
function toZeroBased(query: ListApiQuery) {
  return {
    page: query.page - 1,
    pageSize: query.pageSize,
    sortBy: query.sortBy,
    sortDir: query.sortDir,
    search: query.search,
  }
}

function pageCountOf(totalCount: number, pageSize: number) {
  return Math.max(1, Math.ceil(totalCount / pageSize))
}

/**
 * A list of groups read through the one helper that takes 401 and 403 for "no access" (the spec's
 * hasAccess false) rather than an error.
 */
async function readGroupList(
  path: string,
  params: Record<string, string | number | boolean | undefined>,
  signal: AbortSignal,
): Promise<GroupListPage> {
  const result = await requestApiWithAccess(path, { params, schema: SiteGroupsPageSchema, signal })
  if (!result.hasAccess) {
    return { hasAccess: false, items: [], totalCount: 0, pageIndex: 1, pageSize: 1, pageCount: 1 }
  }
  const page = result.data
  return {
    hasAccess: page.hasAccess,
    items: page.data,
    totalCount: page.totalCount,
    pageIndex: page.pageIndex + 1,
    pageSize: page.pageSize,
    pageCount: pageCountOf(page.totalCount, page.pageSize),
  }
}

/** GET /sites/:slug/groups with every group, nested ones too (includeInherited). */
export function useSiteGroupList(siteSlug: string, query: ListApiQuery) {
  return useQuery({
    queryKey: [...groupsKey(siteSlug), 'list', query] as const,
    queryFn: ({ signal }) =>
      readGroupList(
        `${sitePrefix(siteSlug)}/groups`,
        { ...toZeroBased(query), includeInherited: true },
        signal,
      ),
    placeholderData: keepPreviousData,
  })
}

/**
 * Every group of the site with its parent (GET /sites/:slug/groups with includeInherited, page after page):
 * what a parent select offers. Null when the caller may not see the groups.
 */
export function useAllSiteGroups(siteSlug: string) {
  return useQuery({
    queryKey: [...groupsKey(siteSlug), 'all'] as const,
    queryFn: async ({ signal }): Promise<Group[] | null> => {
      const groups: Group[] = []
      for (let page = 0; ; page += 1) {
        const params = { page, pageSize: MAX_PAGE_SIZE, sortBy: 'name', includeInherited: true }
        const result = await requestApiWithAccess(`${sitePrefix(siteSlug)}/groups`, {
          params,
          schema: SiteGroupsPageSchema,
          signal,
        })
        if (!result.hasAccess) return null
        groups.push(...result.data.data)
        const { pageIndex, pageSize, totalCount } = result.data
        if (result.data.data.length === 0 || (pageIndex + 1) * pageSize >= totalCount) return groups
      }
    },
  })
}

/** GET /sites/:slug/group/:groupId/groups: the group's own subgroups. */
export function useSubgroupList(siteSlug: string, groupId: string, query: ListApiQuery) {
  return useQuery({
    queryKey: [...groupsKey(siteSlug), groupId, 'groups', query] as const,
    queryFn: ({ signal }) =>
      readGroupList(`${groupPath(siteSlug, groupId)}/groups`, toZeroBased(query), signal),
    placeholderData: keepPreviousData,
  })
}

/** GET /sites/:slug/group/:groupId. */
export function useGroup(siteSlug: string, groupId: string) {
  return useQuery({
    queryKey: [...groupsKey(siteSlug), groupId] as const,
    queryFn: ({ signal }) => requestApi(groupPath(siteSlug, groupId), { schema: GroupSchema, signal }),
  })
}

/** GET /sites/:slug/group/:groupId/users: the group's members, by name. */
export function useGroupMemberList(siteSlug: string, groupId: string, query: ListApiQuery) {
  return useQuery({
    queryKey: [...groupsKey(siteSlug), groupId, 'users', query] as const,
    queryFn: async ({ signal }): Promise<PagedList<GroupMember>> => {
      const page = await requestApi(`${groupPath(siteSlug, groupId)}/users`, {
        params: toZeroBased(query),
        schema: GroupUsersPageSchema,
        signal,
      })
      return {
        items: page.items,
        totalCount: page.totalCount,
        pageIndex: page.pageIndex + 1,
        pageSize: page.pageSize,
        pageCount: pageCountOf(page.totalCount, page.pageSize),
      }
    },
    placeholderData: keepPreviousData,
  })
}

/** The people who can see the site whose name or address contains `search`: whom a group may take in. */
export function useSiteUserSearch(siteSlug: string, search: string) {
  return useQuery({
    queryKey: [...usersKey(siteSlug), 'search', search] as const,
    queryFn: ({ signal }) =>
      requestApi(`${sitePrefix(siteSlug)}/users`, {
        params: { page: 0, pageSize: 20, search, includeInherited: true },
        schema: SiteUsersPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  })
}

/** After any change: the groups and the users (whose roles may follow) are read again. */
function useGroupMutation<Variables, Result>(
  siteSlug: string,
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: groupsKey(siteSlug) }),
        queryClient.invalidateQueries({ queryKey: usersKey(siteSlug) }),
      ]),
  })
}

/** POST /sites/:slug/groups. */
export function useCreateGroup(siteSlug: string) {
  return useGroupMutation(siteSlug, (body: CreateGroupRequest) =>
    requestApi(`${sitePrefix(siteSlug)}/groups`, { method: 'POST', body, schema: GroupSchema }),
  )
}

/** PUT /sites/:slug/group/:groupId. */
export function useUpdateGroup(siteSlug: string, groupId: string) {
  return useGroupMutation(siteSlug, (body: UpdateGroupRequest) =>
    requestApi(groupPath(siteSlug, groupId), { method: 'PUT', body, schema: GroupSchema }),
  )
}

/** DELETE /sites/:slug/group/:groupId (its subgroups go with it). */
export function useDeleteGroup(siteSlug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (groupId: string) => requestApi(groupPath(siteSlug, groupId), { method: 'DELETE' }),
    // The deleted group's own queries are dropped, not read again: they would answer 404.
    onSuccess: (_, groupId) => {
      queryClient.removeQueries({ queryKey: [...groupsKey(siteSlug), groupId] })
      return Promise.all([
        queryClient.invalidateQueries({
          queryKey: groupsKey(siteSlug),
          predicate: (query) => query.queryKey[3] !== groupId,
        }),
        queryClient.invalidateQueries({ queryKey: usersKey(siteSlug) }),
      ])
    },
  })
}

/** POST /sites/:slug/group/:groupId/users {userId}. */
export function useAddGroupMember(siteSlug: string, groupId: string) {
  return useGroupMutation(siteSlug, (userId: string) =>
    requestApi(`${groupPath(siteSlug, groupId)}/users`, {
      method: 'POST',
      body: { userId },
      schema: GroupMemberSchema,
    }),
  )
}

/** DELETE /sites/:slug/group/:groupId/users/:userId. */
export function useRemoveGroupMember(siteSlug: string, groupId: string) {
  return useGroupMutation(siteSlug, (userId: string) =>
    requestApi(`${groupPath(siteSlug, groupId)}/users/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
  )
}
