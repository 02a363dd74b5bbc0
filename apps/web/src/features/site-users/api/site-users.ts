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

/** PUT /sites/:slug/users/:userId {role}; the list, and the site config (the user's own role), are read again. */
export function useChangeSiteUserRole(siteSlug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: SiteRole }) =>
      requestApi(`${sitePrefix(siteSlug)}/users/${encodeURIComponent(userId)}`, {
        method: 'PUT',
        body: { role },
        schema: SiteUserDetailSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteUsersKey(siteSlug) }),
  })
}

/** DELETE /sites/:slug/users/:userId. */
export function useRemoveSiteUser(siteSlug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (userId: string) =>
      requestApi(`${sitePrefix(siteSlug)}/users/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteUsersKey(siteSlug) }),
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
