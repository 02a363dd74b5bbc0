import type { ListColumn } from '@/components/ui/list'
import { formatCount } from '@/lib/format-values'

/** 'Page hits': a page's views of the last 30 days from web analytics, sortable (most viewed pages first). */
export function pageViewsColumn<T extends { views: number }>(): ListColumn<T> {
  return {
    id: 'views',
    label: 'Page hits',
    sortable: true,
    align: 'end',
    render: (item) => formatCount(item.views),
  }
}
