import { DUPLICATE_CONTENT_DEFAULT_SORT, type DuplicateGroupItem } from '@canopy/contracts'
import { useMemo } from 'react'
import { Link } from 'react-router'
import styles from '@/components/area/area.module.css'
import { ExportMenu, FilterSelect, type ListColumn, ListView, useListParams } from '@/components/ui/list'
import { PageHeader } from '@/components/ui/notice'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { formatCount, formatDate } from '@/lib/format-values'
import { sitePath } from '@/lib/site-paths'
import { duplicateContentPath, useDuplicateContent } from '../api/get-duplicate-content'
import { ALL_KINDS, DUPLICATE_KIND_LABELS, DUPLICATE_KIND_OPTIONS } from '../labels'
import type { SeoScreenProps } from './seo-overview'

function groupColumns(groupHref: (item: DuplicateGroupItem) => string): ListColumn<DuplicateGroupItem>[] {
  return [
    {
      id: 'entryTitle',
      label: 'Duplicate',
      sortable: true,
      isRowHeader: true,
      render: (item) => (
        <Link className={styles.prose} to={groupHref(item)}>
          {item.entryTitle || '(empty)'}
        </Link>
      ),
    },
    { id: 'kind', label: 'Type', sortable: true, render: (item) => DUPLICATE_KIND_LABELS[item.kind] },
    {
      id: 'totalCount',
      label: 'Pages',
      sortable: true,
      align: 'end',
      render: (item) => formatCount(item.totalCount),
    },
    {
      id: 'similarity',
      label: 'Similarity',
      sortable: true,
      align: 'end',
      render: (item) => `${item.similarity}%`,
    },
    {
      id: 'created',
      label: 'Found',
      sortable: true,
      render: (item) => formatDate(item.sys.version?.created),
    },
  ]
}

/**
 * seo/duplicate-content: groups of pages sharing a title or a meta description, or whose main text is the
 * same or nearly the same, largest first; each leads to its pages.
 */
export function DuplicateContentScreen({ siteSlug, sectionSlug, sectionId, headerActions }: SeoScreenProps) {
  useDocumentTitle('Duplicate content')
  const list = useListParams({ ...DUPLICATE_CONTENT_DEFAULT_SORT, sectionId, filters: { type: ALL_KINDS } })
  const query = useMemo(
    () => ({ ...list.query, type: list.query.type === ALL_KINDS ? undefined : list.query.type }),
    [list.query],
  )
  const groups = useDuplicateContent(siteSlug, query)
  const columns = useMemo(
    () =>
      groupColumns((item) =>
        sitePath(siteSlug, sectionSlug, `seo/duplicate-content/${encodeURIComponent(item.sys.id)}`),
      ),
    [siteSlug, sectionSlug],
  )
  return (
    <div className={styles.screen}>
      <PageHeader eyebrow="SEO" title="Duplicate content" actions={headerActions} />
      <p className={styles.description}>
        Pages that share a title or a meta description, or whose main text is the same or nearly the same,
        compete with each other in search results.
      </p>
      <ListView
        caption="Duplicate titles, descriptions and content"
        captionHidden
        filterLabel="Filter duplicates"
        columns={columns}
        list={list}
        query={groups}
        getRowKey={(item) => item.sys.id}
        toolbar={
          <div className={styles.toolbar}>
            <FilterSelect
              label="Type"
              value={list.filters.type ?? ALL_KINDS}
              options={DUPLICATE_KIND_OPTIONS}
              onChange={(value) => list.setFilter('type', value)}
            />
            <ExportMenu
              listPath={duplicateContentPath(siteSlug)}
              query={query}
              fileName="seo-duplicate-content"
            />
          </div>
        }
      />
    </div>
  )
}
