import {
  SEARCH_COUNT_LIMIT,
  SEARCH_GROUP_PREVIEW_SIZE,
  SEARCH_GROUPS,
  type SearchGroup,
  type SearchQuery,
  type SearchResponse,
  type SearchResultGroup,
} from '@canopy/contracts'
import {
  type PageWindow,
  type PrismaClient,
  type SiteSearchFilter,
  searchSiteContacts,
  searchSiteDocuments,
  searchSiteIssues,
  searchSiteLinks,
  searchSitePages,
} from '@canopy/db'
import { toPageWindow } from '../presenters/paged-list.js'
import {
  presentContactResult,
  presentDocumentResult,
  presentIssueResult,
  presentLinkResult,
  presentPageResult,
  presentSearchGroup,
} from '../presenters/search.js'
import { resolveSectionScope } from './list-scope.js'

type GroupSearch = (
  prisma: PrismaClient,
  filter: SiteSearchFilter,
  window: PageWindow,
) => Promise<SearchResultGroup>

/** How each group is searched and presented. */
const GROUP_SEARCHES: Record<SearchGroup, GroupSearch> = {
  pages: async (prisma, filter, window) =>
    presentSearchGroup('pages', await searchSitePages(prisma, filter, window), presentPageResult),
  issues: async (prisma, filter, window) =>
    presentSearchGroup('issues', await searchSiteIssues(prisma, filter, window), presentIssueResult),
  links: async (prisma, filter, window) =>
    presentSearchGroup('links', await searchSiteLinks(prisma, filter, window), presentLinkResult),
  documents: async (prisma, filter, window) =>
    presentSearchGroup('documents', await searchSiteDocuments(prisma, filter, window), presentDocumentResult),
  contacts: async (prisma, filter, window) =>
    presentSearchGroup('contacts', await searchSiteContacts(prisma, filter, window), presentContactResult),
}

/**
 * Global search of a site, or of the section named by ?sectionId=: with ?group= that group alone, paged
 * (within the first SEARCH_COUNT_LIMIT matches); without it, every group with its first few results.
 */
export async function searchSite(
  prisma: PrismaClient,
  siteId: string,
  query: SearchQuery,
): Promise<SearchResponse> {
  const sectionId = await resolveSectionScope(prisma, siteId, query.sectionId)
  const filter: SiteSearchFilter = { siteId, sectionId, term: query.search, countLimit: SEARCH_COUNT_LIMIT }
  const groups = query.group ? [query.group] : SEARCH_GROUPS
  const page = query.group ? query.page : 1
  const pageSize = query.pageSize ?? SEARCH_GROUP_PREVIEW_SIZE
  const window = toPageWindow({ page, pageSize })
  const found = await Promise.all(groups.map((group) => GROUP_SEARCHES[group](prisma, filter, window)))
  return { search: query.search, pageIndex: page, pageSize, groups: found }
}
