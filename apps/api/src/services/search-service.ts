import {
  SEARCH_COUNT_LIMIT,
  SEARCH_GROUP_PREVIEW_SIZE,
  SEARCH_GROUPS,
  type SearchGroup,
  type SearchQuery,
  type SearchResponse,
  type SearchResultGroup,
} from '@canopy/contracts'
import { type PrismaClient, type SiteSearchFilter, type SiteSearchRows, searchSiteRows } from '@canopy/db'
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

/** How each group found is presented; a group asked for is always answered. */
function presentGroup(group: SearchGroup, found: Partial<SiteSearchRows>): SearchResultGroup {
  const rows = <Group extends SearchGroup>(name: Group) =>
    found[name] ?? ({ rows: [], matchCount: 0 } as NonNullable<SiteSearchRows[Group]>)
  switch (group) {
    case 'pages':
      return presentSearchGroup('pages', rows('pages'), presentPageResult)
    case 'issues':
      return presentSearchGroup('issues', rows('issues'), presentIssueResult)
    case 'links':
      return presentSearchGroup('links', rows('links'), presentLinkResult)
    case 'documents':
      return presentSearchGroup('documents', rows('documents'), presentDocumentResult)
    case 'contacts':
      return presentSearchGroup('contacts', rows('contacts'), presentContactResult)
  }
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
  const found = await searchSiteRows(prisma, filter, groups, window)
  return {
    search: query.search,
    pageIndex: page,
    pageSize,
    groups: groups.map((group) => presentGroup(group, found)),
  }
}
