import type { ListQuery } from '@canopy/contracts'

export const siteQueryKeys = {
  all: ['sites'] as const,
  list: (query: Partial<ListQuery>) => [...siteQueryKeys.all, 'list', query] as const,
  detail: (slug: string) => [...siteQueryKeys.all, 'detail', slug] as const,
}
