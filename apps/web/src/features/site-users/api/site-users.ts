import {
  type PagedList,
  SitePermissionsSchema,
  type SiteRole,
  type SiteUser,
  SiteUserDetailSchema,
  SiteUsersPageSchema,
} from '@canopy/contracts'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ListApiQuery } from '@/components/ui/list'
import { requestApi } from '@/lib/api-client'
import { sitePrefix } from '@/lib/site-list'

const siteUsersKey = (siteSlug: string) => ['sites', 'users', siteSlug] as const
const siteUserPath = (siteSlug: string, userId: string) =>
  `${sitePrefix(siteSlug)}/users/${encodeURIComponent(userId)}`

/**
 * GET /sites/:slug/users with the group members (includeInherited), as the list pattern reads a page: the API
 * counts pages from zero, the list from one.
 */
export function useSiteUserList(siteSlug: string, query: ListApiQuery) {
  return useQuery({
    queryKey: [...siteUsersKey(siteSlug), 'list', query] as const,
    queryFn: async ({ signal }): Promise<PagedList<SiteUser>> => {
      const page = await requestApi(`${sitePrefix(siteSlug)}/users`, {
        params: {
          page: query.page - 1,
          pageSize: query.pageSize,
          search: query.search,
          includeInherited: true,
        },
        schema: SiteUsersPageSchema,
        signal,
      })
      return {
        items: page.items,
        totalCount: page.totalCount,
        pageIndex: page.pageIndex + 1,
        pageSize: page.pageSize,
        pageCount: Math.max(1, Math.ceil(page.totalCount / page.pageSize)),
      }
    },
    placeholderData: keepPreviousData,
  })
}

/** GET /sites/:slug/users/:userId: the user, their own role and their groups' roles on the site. */
export function useSiteUser(siteSlug: string, userId: string) {
  return useQuery({
    queryKey: [...siteUsersKey(siteSlug), 'detail', userId] as const,
    queryFn: ({ signal }) =>
      requestApi(siteUserPath(siteSlug, userId), { schema: SiteUserDetailSchema, signal }),
    retry: false,
  })
}

/**
 * After a role change or a removal everything under 'sites' is read again: the users, and the site config
 * and site list, which carry the signed-in user's own role when it was theirs that changed.
 */
function useRefreshSites() {
  const queryClient = useQueryClient()
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['sites'] })
  }
}

/** PUT /sites/:slug/users/:userId {role}. */
export function useChangeSiteUserRole(siteSlug: string) {
  const refresh = useRefreshSites()
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: SiteRole }) =>
      requestApi(siteUserPath(siteSlug, userId), {
        method: 'PUT',
        body: { role },
        schema: SiteUserDetailSchema,
      }),
    onSuccess: refresh,
  })
}

/** PUT /sites/:slug/users/:userId {accountExpiry}: an ISO moment in the future, or null for none. */
export function useSetAccountExpiry(siteSlug: string) {
  const refresh = useRefreshSites()
  return useMutation({
    mutationFn: ({ userId, accountExpiry }: { userId: string; accountExpiry: string | null }) =>
      requestApi(siteUserPath(siteSlug, userId), {
        method: 'PUT',
        body: { accountExpiry },
        schema: SiteUserDetailSchema,
      }),
    onSuccess: refresh,
  })
}

/** DELETE /sites/:slug/users/:userId. */
export function useRemoveSiteUser(siteSlug: string) {
  const refresh = useRefreshSites()
  return useMutation({
    mutationFn: (userId: string) => requestApi(siteUserPath(siteSlug, userId), { method: 'DELETE' }),
    onSuccess: refresh,
  })
}

/** GET /sites/:slug/permissions: what each role may do. */
export function useSitePermissions(siteSlug: string) {
  return useQuery({
    queryKey: ['sites', 'permissions', siteSlug] as const,
    queryFn: ({ signal }) =>
      requestApi(`${sitePrefix(siteSlug)}/permissions`, { schema: SitePermissionsSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  })
}
