import { EXPORT_FORMATS, type ExportFormat } from '@canopy/contracts'
import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components'
import { buildApiUrl } from '@/lib/api-client'
import { Button } from '../button'
import { Icon } from '../icon'
import menuStyles from '../menu.module.css'
import type { ListApiQuery } from './list-params'

const FORMAT_LABELS: Record<ExportFormat, string> = {
  csv: 'Export as CSV',
  json: 'Export as JSON',
}

/**
 * The address of a list's export: `<list path>/export?format=` with the list's current filter, search and
 * sort, and no page (the file holds every row; the API streams it).
 */
export function exportHref(listPath: string, query: ListApiQuery, format: ExportFormat): string {
  const { page: _page, pageSize: _pageSize, ...filter } = query
  return buildApiUrl(`${listPath}/export`, { ...filter, format })
}

/** The Export menu of a list: each format is a plain download link, so the browser saves the stream. */
export function ExportMenu({
  listPath,
  query,
  fileName,
}: {
  listPath: string
  query: ListApiQuery
  /** the downloaded file's name without its extension */
  fileName: string
}) {
  return (
    <MenuTrigger>
      <Button variant="trigger">
        <Icon name="download" />
        Export
        <Icon name="chevronDown" />
      </Button>
      <Popover placement="bottom end" className={menuStyles.popover}>
        <Menu className={menuStyles.menu} aria-label="Export">
          {EXPORT_FORMATS.map((format) => (
            <MenuItem
              key={format}
              id={format}
              className={menuStyles.item}
              href={exportHref(listPath, query, format)}
              download={`${fileName}.${format}`}
            >
              {FORMAT_LABELS[format]}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  )
}
