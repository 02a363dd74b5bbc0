import { z } from 'zod'
import { ListQuerySchema } from './paging.js'

/**
 * What every list of a site's results shares beyond paging: the section scope, and the export of the
 * current filter as a file.
 */

/** ?sectionId=: a section of the site; absent for the whole site. Another site's section is a 404. */
export const SectionIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,100}$/, { error: 'Enter a section ID: 1 to 100 letters, digits, - or _.' })

export const SectionScopeQuerySchema = z.object({ sectionId: SectionIdSchema.optional() })
export type SectionScopeQuery = z.infer<typeof SectionScopeQuerySchema>

/** A site's list query: paging, sort, search and the section scope. */
export const SiteListQuerySchema = ListQuerySchema.extend(SectionScopeQuerySchema.shape)
export type SiteListQuery = z.infer<typeof SiteListQuerySchema>

/**
 * `<list path>/export?format=` answers every row of the list's current filter and sort as a file, streamed
 * (never the whole result in memory): CSV with a header row, or a JSON array of the list's items.
 */
export const EXPORT_FORMATS = ['csv', 'json'] as const
export const ExportFormatSchema = z.enum(EXPORT_FORMATS, {
  error: 'Choose an export format: csv or json.',
})
export type ExportFormat = z.infer<typeof ExportFormatSchema>

export const EXPORT_CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
} as const satisfies Record<ExportFormat, string>

/** The export form of a list query: the same filters and sort, a format instead of a page. */
export function exportQuerySchema<Shape extends z.ZodRawShape & { page: z.ZodType; pageSize: z.ZodType }>(
  listQuery: z.ZodObject<Shape>,
) {
  const { page: _page, pageSize: _pageSize, ...filters } = listQuery.shape
  return z.object({ ...(filters as Omit<Shape, 'page' | 'pageSize'>), format: ExportFormatSchema })
}

/** The sort keys a list accepts, as a schema naming them in its message. */
export function sortKeySchema<const Keys extends readonly [string, ...string[]]>(keys: Keys) {
  return z.enum(keys, { error: `Sort by one of: ${keys.join(', ')}.` })
}
