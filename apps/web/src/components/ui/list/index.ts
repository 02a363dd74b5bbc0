export { ExportMenu, exportHref } from './export-menu'
export { FilterBox } from './filter-box'
export { type FilterOption, FilterSelect } from './filter-select'
export { type InMemoryListOptions, pageInMemory, useInMemoryList } from './in-memory-list'
export type { ListApiQuery, ListController, ListDefaults, ListParams } from './list-params'
export {
  nextSort,
  parsePage,
  readListFilters,
  readListParams,
  toApiQuery,
  useListParams,
  writeListParams,
} from './list-params'
export type { ListColumn, ListViewProps } from './list-view'
export { ListView } from './list-view'
export { getPageWindow, Pager } from './pager'
