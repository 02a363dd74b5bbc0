import {
  SEARCH_COUNT_LIMIT,
  type SearchContactResult,
  type SearchDocumentResult,
  type SearchIssueResult,
  type SearchLinkResult,
  type SearchPageResult,
} from '@canopy/contracts'
import type {
  ContactSearchRow,
  DocumentSearchRow,
  IssueSearchRow,
  LinkSearchRow,
  PageSearchRow,
  SearchGroupRows,
} from '@canopy/db'
import { toWireCategory } from '../services/list-scope.js'
import { documentTitle } from './document-list.js'

/** One group of the global search: its first results and how many match, counted up to the limit. */
export function presentSearchGroup<Group extends string, Row, Item>(
  group: Group,
  { rows, matchCount }: SearchGroupRows<Row>,
  present: (row: Row) => Item,
) {
  return {
    group,
    totalCount: Math.min(matchCount, SEARCH_COUNT_LIMIT),
    isCountCapped: matchCount > SEARCH_COUNT_LIMIT,
    items: rows.map(present),
  }
}

export const presentPageResult = (row: PageSearchRow): SearchPageResult => ({
  id: row.id,
  pageTitle: row.title,
  entryTitle: row.url,
})

export const presentIssueResult = (row: IssueSearchRow): SearchIssueResult => ({
  issueId: row.issueId,
  category: toWireCategory(row.category),
  title: row.title,
  description: row.description,
  pagesFailed: row.pagesFailed,
})

export const presentLinkResult = (row: LinkSearchRow): SearchLinkResult => ({
  id: row.id,
  url: row.url,
  isInternal: row.isInternal,
  isBroken: row.isBroken,
  isUnverified: row.isUnverified,
  status: row.status,
  pageCount: row.pageCount,
})

export const presentDocumentResult = (row: DocumentSearchRow): SearchDocumentResult => ({
  id: row.id,
  kind: row.kind,
  documentTitle: documentTitle(row),
  url: row.url,
  pageCount: row.pageCount,
})

export const presentContactResult = (row: ContactSearchRow): SearchContactResult => ({
  id: row.id,
  kind: row.kind,
  value: row.value,
  valid: row.valid,
  pageCount: row.pageCount,
})
