import { Readable } from 'node:stream'
import { EXPORT_CONTENT_TYPES, type ExportFormat } from '@canopy/contracts'
import type { FastifyReply } from 'fastify'

/**
 * The one export of every list: the rows of the current filter and sort, read in keyset batches and
 * written out as they come, so a list of 100k rows never sits in memory. CSV has a header row and one
 * line per item; JSON is an array of the list's items.
 */
export type ExportCell = string | number | boolean | null | undefined

export interface ExportColumn<Item> {
  header: string
  value: (item: Item) => ExportCell
}

export interface ListExport<Item> {
  /** the file name without its extension */
  filename: string
  columns: ExportColumn<Item>[]
  batches: AsyncIterable<Item[]>
}

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return before them) as a
 * formula: such text is exported with a leading apostrophe, which spreadsheets show as plain text.
 */
const FORMULA_START = /^[=+\-@\t\r]/

export function csvCell(value: ExportCell): string {
  if (value === null || value === undefined) return ''
  if (typeof value !== 'string') return String(value)
  const text = FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

function csvLine(cells: ExportCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`
}

export async function* csvChunks<Item>(
  columns: ExportColumn<Item>[],
  batches: AsyncIterable<Item[]>,
): AsyncGenerator<string> {
  yield csvLine(columns.map((column) => column.header))
  for await (const items of batches) {
    yield items.map((item) => csvLine(columns.map((column) => column.value(item)))).join('')
  }
}

export async function* jsonChunks<Item>(batches: AsyncIterable<Item[]>): AsyncGenerator<string> {
  yield '['
  let first = true
  for await (const items of batches) {
    if (items.length === 0) continue
    yield `${first ? '\n' : ',\n'}${items.map((item) => JSON.stringify(item)).join(',\n')}`
    first = false
  }
  yield first ? ']' : '\n]\n'
}

/** A file name safe in a Content-Disposition header: letters, digits, '-', '_' and '.'. */
function safeFilename(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'export'
}

/** Sends the export as an attachment, streamed: the headers go first, the rows as the batches arrive. */
export function sendListExport<Item>(reply: FastifyReply, format: ExportFormat, list: ListExport<Item>) {
  const chunks = format === 'csv' ? csvChunks(list.columns, list.batches) : jsonChunks(list.batches)
  const stream = Readable.from(chunks, { objectMode: false })
  stream.on('error', (error) => reply.log.error({ err: error }, 'the export stopped part-way'))
  return reply
    .header('content-type', EXPORT_CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${safeFilename(list.filename)}.${format}"`)
    .header('cache-control', 'no-store')
    .send(stream)
}

/** Maps each batch of rows to the list's items as the batches are read. */
export async function* mapBatches<Row, Item>(
  batches: AsyncIterable<Row[]>,
  present: (rows: Row[]) => Promise<Item[]> | Item[],
): AsyncGenerator<Item[]> {
  for await (const rows of batches) yield await present(rows)
}
