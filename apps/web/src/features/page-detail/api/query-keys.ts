export const pageDetailQueryKeys = {
  all: (siteSlug: string) => ['sites', 'detail', siteSlug, 'page'] as const,
  detail: (siteSlug: string, pageId: string) => [...pageDetailQueryKeys.all(siteSlug), pageId] as const,
  misspellings: (siteSlug: string, pageId: string) =>
    [...pageDetailQueryKeys.all(siteSlug), pageId, 'misspellings'] as const,
}
