import { Fragment } from 'react'
import { ScrollRegion } from '@/components/ui/scroll-region'
import {
  isObject,
  type Json,
  type JsonObject,
  readHeadingLabel,
  readString,
  type TableHeading,
} from '../details'
import { formatBytes, formatMilliseconds } from '../format'
import styles from './audits.module.css'
import { ItemValue, type ValueFormat } from './item-value'

function readHeadings(details: JsonObject): TableHeading[] {
  if (!Array.isArray(details.headings)) return []
  return details.headings.filter(
    (heading): heading is JsonObject & TableHeading =>
      isObject(heading) && (typeof heading.key === 'string' || heading.key === null),
  )
}

function readItems(value: Json | undefined): JsonObject[] {
  return Array.isArray(value) ? value.filter(isObject) : []
}

function subItemsOf(item: JsonObject): JsonObject[] {
  return isObject(item.subItems) ? readItems(item.subItems.items) : []
}

/** Rows grouped under their third-party entity when the items name one, in the order entities first appear. */
function groupByEntity(items: JsonObject[]): { entity: string | null; items: JsonObject[] }[] {
  if (!items.some((item) => typeof item.entity === 'string')) return [{ entity: null, items }]
  const groups = new Map<string | null, JsonObject[]>()
  for (const item of items) {
    const entity = readString(item.entity) ?? null
    groups.set(entity, [...(groups.get(entity) ?? []), item])
  }
  return [...groups].map(([entity, grouped]) => ({ entity, items: grouped }))
}

function formatOf(heading: TableHeading): ValueFormat {
  return { valueType: heading.valueType, granularity: heading.granularity, displayUnit: heading.displayUnit }
}

/** 'table' and 'opportunity': headings with valueType, granularity and displayUnit; subItems rows; entities. */
export function DetailsTable({ details, label }: { details: JsonObject; label?: string }) {
  const headings = readHeadings(details)
  const items = readItems(details.items)
  if (headings.length === 0 || items.length === 0) return null
  const savingsMs = typeof details.overallSavingsMs === 'number' ? details.overallSavingsMs : null
  const savingsBytes = typeof details.overallSavingsBytes === 'number' ? details.overallSavingsBytes : null
  const hasSubHeadings = headings.some((heading) => heading.subItemsHeading)
  const hasSavings = details.type === 'opportunity' && ((savingsMs ?? 0) > 0 || (savingsBytes ?? 0) > 0)
  return (
    <div className={styles.tableBlock}>
      {hasSavings ? (
        <p className={styles.savings}>
          Potential savings:{' '}
          {[savingsMs ? formatMilliseconds(savingsMs) : null, savingsBytes ? formatBytes(savingsBytes) : null]
            .filter(Boolean)
            .join(', ')}
        </p>
      ) : null}
      <ScrollRegion className={styles.tableScroll} label={label ? `Details: ${label}` : 'Details'}>
        <table className={styles.table}>
          <thead>
            <tr>
              {headings.map((heading, index) => (
                <th key={heading.key ?? index} scope="col">
                  {readHeadingLabel(heading) || (
                    <span className="visually-hidden">
                      {heading.valueType === 'node' ? 'Element' : 'Value'}
                    </span>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          {groupByEntity(items).map((group) => (
            <tbody key={group.entity ?? ''}>
              {group.entity ? (
                <tr className={styles.entityRow}>
                  <th scope="rowgroup" colSpan={headings.length}>
                    {group.entity}
                  </th>
                </tr>
              ) : null}
              {group.items.map((item, rowIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
                <Fragment key={rowIndex}>
                  <tr>
                    {headings.map((heading, index) => (
                      <td key={heading.key ?? index}>
                        {heading.key ? (
                          <ItemValue value={item[heading.key]} format={formatOf(heading)} />
                        ) : null}
                      </td>
                    ))}
                  </tr>
                  {subItemsOf(item).map((subItem, subIndex) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: sub-rows have no identity of their own
                    <tr key={subIndex} className={styles.subRow}>
                      {/* A sub-item that is itself a typed value (a link under a deprecation) spans the row. */}
                      {!hasSubHeadings && typeof subItem.type === 'string' ? (
                        <td colSpan={headings.length}>
                          <ItemValue value={subItem} />
                        </td>
                      ) : null}
                      {hasSubHeadings &&
                        headings.map((heading, index) => {
                          const sub = heading.subItemsHeading
                          return (
                            <td key={heading.key ?? index}>
                              {sub?.key ? (
                                <ItemValue
                                  value={subItem[sub.key]}
                                  format={{
                                    valueType: sub.valueType ?? heading.valueType,
                                    granularity: sub.granularity ?? heading.granularity,
                                    displayUnit: sub.displayUnit ?? heading.displayUnit,
                                  }}
                                />
                              ) : null}
                            </td>
                          )
                        })}
                    </tr>
                  ))}
                </Fragment>
              ))}
            </tbody>
          ))}
        </table>
      </ScrollRegion>
    </div>
  )
}
