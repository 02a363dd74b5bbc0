import {
  type SectionPreviewRequest,
  SectionPreviewSchema,
  SectionSchema,
  type SectionWrite,
} from '@canopy/contracts'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { STALE_TIME } from '@/config/constants'
import { requestApi } from '@/lib/api-client'
import { sectionQueryKeys } from './get-sections'

const sectionsPath = (siteSlug: string) => `/api/v1/sites/${encodeURIComponent(siteSlug)}/sections`
const sectionPath = (siteSlug: string, sectionId: string) =>
  `${sectionsPath(siteSlug)}/${encodeURIComponent(sectionId)}`

/** GET /sections/:sectionId: the section with its conditions in order. */
export function useSection(siteSlug: string, sectionId: string | null) {
  return useQuery({
    queryKey: [...sectionQueryKeys.all(siteSlug), 'one', sectionId],
    queryFn: ({ signal }) =>
      requestApi(sectionPath(siteSlug, sectionId ?? ''), { schema: SectionSchema, signal }),
    enabled: sectionId !== null,
    staleTime: STALE_TIME.sections,
  })
}

/** Every section change refreshes the site's section lists (the switcher reads them too). */
function useForgetSections(siteSlug: string) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: sectionQueryKeys.all(siteSlug) })
}

/** POST /sections (sectionId null) or PUT /sections/:sectionId. */
export function useSaveSection(siteSlug: string, sectionId: string | null) {
  const forget = useForgetSections(siteSlug)
  return useMutation({
    mutationFn: (body: SectionWrite) =>
      sectionId === null
        ? requestApi(sectionsPath(siteSlug), { method: 'POST', body, schema: SectionSchema })
        : requestApi(sectionPath(siteSlug, sectionId), { method: 'PUT', body, schema: SectionSchema }),
    onSuccess: forget,
  })
}

export function useDeleteSection(siteSlug: string) {
  const forget = useForgetSections(siteSlug)
  return useMutation({
    mutationFn: (sectionId: string) => requestApi(sectionPath(siteSlug, sectionId), { method: 'DELETE' }),
    onSuccess: forget,
  })
}

/** POST /sections/:sectionId/scan. */
export function useRescanSection(siteSlug: string) {
  return useMutation({
    mutationFn: (sectionId: string) =>
      requestApi(`${sectionPath(siteSlug, sectionId)}/scan`, { method: 'POST' }),
  })
}

/** POST /sections/preview: the known pages the editor's unsaved rules take in. */
export function useSectionPreview(siteSlug: string, request: SectionPreviewRequest | null) {
  return useQuery({
    queryKey: [...sectionQueryKeys.all(siteSlug), 'preview', request],
    queryFn: ({ signal }) =>
      requestApi(`${sectionsPath(siteSlug)}/preview`, {
        method: 'POST',
        body: request,
        schema: SectionPreviewSchema,
        signal,
      }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    staleTime: STALE_TIME.sections,
  })
}
