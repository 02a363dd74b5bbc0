import { Prisma } from '../generated/prisma/client.js'
import type { DbClient, PageWindow, SortDirection } from './db-client.js'

/**
 * One way to read every list of a site's results: a page of it (offset paging, for the screens) or all of
 * it in keyset batches (for the exports, which must never hold the whole result). Both use the same order,
 * so an export lists the rows in the order the screen shows them.
 *
 * A list is plain SQL: its columns, its FROM ... WHERE ..., the id column that breaks ties, and the sort
 * expression with the SQL type its cursor value is read back as.
 */
export interface SqlList {
  /** the select list, without SELECT */
  columns: Prisma.Sql
  /** FROM ... WHERE ..., the current filter applied (a WHERE clause is required: batches add AND ...) */
  from: Prisma.Sql
  /** the unique id column of a row (e.g. p.id) */
  id: Prisma.Sql
  /** a cheaper FROM ... WHERE ... with the same number of rows, for counting (e.g. without a join) */
  countFrom?: Prisma.Sql
}

export interface SqlSort {
  expression: Prisma.Sql
  /** the SQL type the expression has, to compare a cursor value sent back as text */
  type: SqlSortType
  /** the expression is never null (a NOT NULL column): the order then matches a plain index either way */
  notNull?: boolean
  direction: SortDirection
}

/** A sort key's expression, before a direction is chosen. */
export type SortColumn = Omit<SqlSort, 'direction'>

export type SqlSortType = 'text' | 'integer' | 'double precision' | 'timestamp(3)' | 'boolean'

const SORT_TYPES: Record<SqlSortType, Prisma.Sql> = {
  text: Prisma.sql`text`,
  integer: Prisma.sql`integer`,
  'double precision': Prisma.sql`double precision`,
  'timestamp(3)': Prisma.sql`timestamp(3)`,
  boolean: Prisma.sql`boolean`,
}

/** Where the last row of a batch stood: its sort value (as text, null for a null value) and its id. */
export interface ListCursor {
  sortKey: string | null
  id: string
}

/** Every list row carries its cursor fields, named so that no list column can clash with them. */
export interface KeysetColumns {
  keyset_sort: string | null
  keyset_id: string
}

/**
 * Rows without a value (unmeasured scores, unknown sizes) come last in either direction; the id follows
 * the direction so that one row comparison continues a batch. NULLS LAST is left out for expressions that
 * are never null: written out, it would keep a descending sort from reading an index backwards.
 * `reversed` is the exact reverse of that order (for reading a deep page from the end).
 */
function orderBySql(list: SqlList, sort: SqlSort, reversed = false): Prisma.Sql {
  const descending = (sort.direction === 'desc') !== reversed
  const direction = descending ? Prisma.sql`DESC` : Prisma.sql`ASC`
  const nulls = sort.notNull ? Prisma.empty : reversed ? Prisma.sql`NULLS FIRST` : Prisma.sql`NULLS LAST`
  return Prisma.sql`ORDER BY ${sort.expression} ${direction} ${nulls}, ${list.id} ${direction}`
}

/**
 * The rows after `cursor` in the order of orderBySql. For a never-null expression the first condition is
 * a plain range the index can start from, so each batch reads only its own rows.
 */
function afterCursorSql(list: SqlList, sort: SqlSort, cursor: ListCursor): Prisma.Sql {
  const descending = sort.direction === 'desc'
  const beyond = descending ? Prisma.sql`<` : Prisma.sql`>`
  const idBeyond = Prisma.sql`${list.id} ${beyond} ${cursor.id}`
  if (cursor.sortKey === null) return Prisma.sql`(${sort.expression} IS NULL AND ${idBeyond})`
  const value = Prisma.sql`CAST(${cursor.sortKey} AS ${SORT_TYPES[sort.type]})`
  if (sort.notNull) {
    const from = descending ? Prisma.sql`<=` : Prisma.sql`>=`
    return Prisma.sql`(${sort.expression} ${from} ${value}
      AND (${sort.expression} ${beyond} ${value} OR ${idBeyond}))`
  }
  return Prisma.sql`(
    ${sort.expression} ${beyond} ${value}
    OR (${sort.expression} = ${value} AND ${idBeyond})
    OR ${sort.expression} IS NULL
  )`
}

function selectSql(list: SqlList, sort: SqlSort): Prisma.Sql {
  return Prisma.sql`SELECT ${list.columns}, (${sort.expression})::text AS keyset_sort, ${list.id} AS keyset_id`
}

/**
 * Counts the rows of a filter, or answers a count it made a moment ago: counting a site's 100k pages costs
 * far more than reading one page of them, and the total moves only while a scan writes.
 */
export type ListCountCache = (key: string, count: () => Promise<number>) => Promise<number>

async function countList(db: DbClient, list: SqlList, cache: ListCountCache | undefined): Promise<number> {
  const from = list.countFrom ?? list.from
  const count = async () => {
    const [row] = await db.$queryRaw<{ count: number }[]>`SELECT count(*)::int AS count ${from}`
    return row?.count ?? 0
  }
  return cache ? cache(`${from.sql}\u0000${JSON.stringify(from.values)}`, count) : count()
}

/** Past this offset a page in the second half of the list is read from the end instead. */
const DEEP_OFFSET = 2_000

function findRows<Row>(db: DbClient, list: SqlList, sort: SqlSort, window: PageWindow, reversed = false) {
  return db.$queryRaw<(Row & KeysetColumns)[]>`
    ${selectSql(list, sort)} ${list.from} ${orderBySql(list, sort, reversed)}
    LIMIT ${window.take} OFFSET ${window.skip}`
}

/**
 * A page deep in the list: an offset walks every row before it, so a page in the second half is read in
 * the reverse order from the end (the last page of 100k rows skips none instead of 99,975).
 */
async function findDeepPage<Row>(
  db: DbClient,
  list: SqlList,
  sort: SqlSort,
  { skip, take }: PageWindow,
  countCache: ListCountCache | undefined,
) {
  const totalCount = await countList(db, list, countCache)
  if (skip >= totalCount) return { rows: [], totalCount }
  if (skip <= totalCount / 2) return { rows: await findRows<Row>(db, list, sort, { skip, take }), totalCount }
  const fromEnd = Math.min(take, totalCount - skip)
  const window = { skip: totalCount - skip - fromEnd, take: fromEnd }
  return { rows: (await findRows<Row>(db, list, sort, window, true)).reverse(), totalCount }
}

/**
 * One page of the list and the number of rows of its filter. A page that is not full ends the list, so its
 * total is known without counting; only a full page (or one beyond the end) asks for the count.
 */
export async function findListPage<Row>(
  db: DbClient,
  list: SqlList,
  sort: SqlSort,
  { skip, take }: PageWindow,
  countCache?: ListCountCache,
): Promise<{ rows: (Row & KeysetColumns)[]; totalCount: number }> {
  if (skip >= DEEP_OFFSET) return findDeepPage<Row>(db, list, sort, { skip, take }, countCache)
  const rows = await findRows<Row>(db, list, sort, { skip, take })
  const endsHere = rows.length < take && (rows.length > 0 || skip === 0)
  return { rows, totalCount: endsHere ? skip + rows.length : await countList(db, list, countCache) }
}

/** The first `take` rows of the list, without counting (short lists such as the worst pages). */
export function findListHead<Row>(db: DbClient, list: SqlList, sort: SqlSort, take: number) {
  return db.$queryRaw<(Row & KeysetColumns)[]>`
    ${selectSql(list, sort)} ${list.from} ${orderBySql(list, sort)} LIMIT ${take}`
}

/** The `take` rows after `cursor` (from the start without one). */
export function findListBatch<Row>(
  db: DbClient,
  list: SqlList,
  sort: SqlSort,
  { cursor, take }: { cursor: ListCursor | null; take: number },
) {
  const where = cursor ? Prisma.sql`AND ${afterCursorSql(list, sort, cursor)}` : Prisma.empty
  return db.$queryRaw<(Row & KeysetColumns)[]>`
    ${selectSql(list, sort)} ${list.from} ${where} ${orderBySql(list, sort)} LIMIT ${take}`
}

/**
 * Every row of the list, `batchSize` at a time: each batch is one indexed query continuing after the last
 * row of the one before, so memory holds one batch whatever the size of the list.
 */
export async function* iterateListBatches<Row>(
  db: DbClient,
  list: SqlList,
  sort: SqlSort,
  batchSize: number,
): AsyncGenerator<(Row & KeysetColumns)[]> {
  let cursor: ListCursor | null = null
  for (;;) {
    const rows: (Row & KeysetColumns)[] = await findListBatch<Row>(db, list, sort, {
      cursor,
      take: batchSize,
    })
    if (rows.length > 0) yield rows
    if (rows.length < batchSize) return
    const last = rows[rows.length - 1] as Row & KeysetColumns
    cursor = { sortKey: last.keyset_sort, id: last.keyset_id }
  }
}
