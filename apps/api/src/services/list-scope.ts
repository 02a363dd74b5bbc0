import type { IssueCategory, PagedList } from '@canopy/contracts'
import {
  type IssueCategory as DbIssueCategory,
  findListPage,
  findSiteSectionId,
  type PrismaClient,
  type SqlList,
  type SqlSort,
} from '@canopy/db'
import { notFound } from '../http-errors.js'
import { createTtlCache } from '../lib/ttl-cache.js'
import { type PageRequest, presentPagedList, toPageWindow } from '../presenters/paged-list.js'
import { SECTION_NOT_FOUND_MESSAGE } from './section-service.js'

/** What the lists of a site's results share: the section scope, the category names and export batches. */

/** Rows per keyset batch of an export: big enough to amortise a query, small enough to keep memory flat. */
export const EXPORT_BATCH_SIZE = 1000

/**
 * List totals of this process, up to 10 s old: counting a site's 100k pages on every page turn would cost
 * more than the page itself, and a total moves only while a scan writes.
 */
export const listCountCache = createTtlCache<number>({ ttlMs: 10_000, maxEntries: 5_000 })

/** ?sectionId= must name a section of this site: another site's section is a 404, like a missing one. */
export async function resolveSectionScope(
  prisma: PrismaClient,
  siteId: string,
  sectionId: string | undefined,
): Promise<string | undefined> {
  if (sectionId === undefined) return undefined
  const found = await findSiteSectionId(prisma, { siteId, sectionId })
  if (!found) throw notFound(SECTION_NOT_FOUND_MESSAGE)
  return found
}

const DB_CATEGORY: Record<IssueCategory, DbIssueCategory> = {
  accessibility: 'accessibility',
  seo: 'seo',
  performance: 'performance',
  'content-quality': 'content_quality',
}

/** The spec's category names on the wire; Prisma enum values cannot hold '-'. */
export function toDbCategory(category: IssueCategory): DbIssueCategory {
  return DB_CATEGORY[category]
}

export function toWireCategory(category: DbIssueCategory): IssueCategory {
  return category === 'content_quality' ? 'content-quality' : category
}

/** A sort the query named, else the list's default (sortDir alone keeps the default key). */
export function chooseSort<Key extends string>(
  query: { sortBy?: Key; sortDir?: 'asc' | 'desc' },
  fallback: { readonly sortBy: Key; readonly sortDir: 'asc' | 'desc' },
): { sortBy: Key; sortDir: 'asc' | 'desc' } {
  return {
    sortBy: query.sortBy ?? fallback.sortBy,
    sortDir: query.sortDir ?? (query.sortBy ? 'asc' : fallback.sortDir),
  }
}

/** The search term, trimmed; blank means no search. */
export function searchTerm(search: string | undefined): string | undefined {
  return search?.trim() || undefined
}

/**
 * One page of a keyset list, its rows presented: the total is kept a few seconds per query (listCountCache),
 * the page window comes from the 1-based page and its size.
 */
export async function findPresentedPage<Row, Item>(
  prisma: PrismaClient,
  { list, sort }: { list: SqlList; sort: SqlSort },
  query: PageRequest,
  present: (rows: Row[]) => Item[] | Promise<Item[]>,
): Promise<PagedList<Item>> {
  const { rows, totalCount } = await findListPage<Row>(
    prisma,
    list,
    sort,
    toPageWindow(query),
    listCountCache,
  )
  return presentPagedList(await present(rows), totalCount, query)
}
