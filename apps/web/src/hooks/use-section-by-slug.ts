import { MAX_PAGE_SIZE, pagedListSchema, type Section, SectionSchema } from '@canopy/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'

const SectionPageSchema = pagedListSchema(SectionSchema)

/**
 * The section a /site/{slug}/section/{sectionSlug} URL names. Results are asked for by section id, and the
 * sections list is the one call that knows slugs: it is read a page at a time until the slug turns up.
 * null when the site has no such section.
 */
export async function findSectionBySlug(
  siteSlug: string,
  sectionSlug: string,
  signal?: AbortSignal,
): Promise<Section | null> {
  for (let page = 1; ; page += 1) {
    const sections = await requestApi(`/api/v1/sites/${encodeURIComponent(siteSlug)}/sections`, {
      params: { page, pageSize: MAX_PAGE_SIZE, sortBy: 'title', sortDir: 'asc' },
      schema: SectionPageSchema,
      signal,
    })
    const found = sections.items.find((section) => section.sys.slug === sectionSlug)
    if (found) return found
    if (page >= sections.pageCount || sections.items.length === 0) return null
  }
}

/** Under the site's sections key, so a section saved or deleted is looked up again. */
export const getSectionBySlugQueryOptions = (siteSlug: string, sectionSlug: string) =>
  queryOptions({
    queryKey: ['sites', 'detail', siteSlug, 'sections', 'by-slug', sectionSlug] as const,
    queryFn: ({ signal }) => findSectionBySlug(siteSlug, sectionSlug, signal),
    staleTime: STALE_TIME.sections,
  })

/** The section of the URL (undefined while it loads, null when there is none), or null without a section. */
export function useSectionBySlug(siteSlug: string, sectionSlug: string | null) {
  const query = useQuery({
    ...getSectionBySlugQueryOptions(siteSlug, sectionSlug ?? ''),
    enabled: sectionSlug !== null,
  })
  if (sectionSlug === null) return { section: null, isPending: false, isError: false }
  return { section: query.data, isPending: query.isPending, isError: query.isError }
}
