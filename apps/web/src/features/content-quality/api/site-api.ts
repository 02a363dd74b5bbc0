export { siteListQueryOptions, sitePrefix } from '@/lib/site-list'

/** The content quality reads of a site: their section scope. */
export type Scope = { sectionId?: string }
