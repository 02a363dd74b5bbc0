import {
  HIDDEN_TYPES,
  isNodeValue,
  isObject,
  type Json,
  type JsonObject,
  readNumber,
  readString,
} from '../details'
import { formatBytes, formatMilliseconds } from '../format'
import styles from './audits.module.css'
import { DetailsTable } from './details-table'
import { ItemValue, NodeItem, SourceLocation, UrlValue } from './item-value'
import { MarkdownText } from './markdown-text'
import { UnknownDetails } from './unknown-details'

function Checklist({ details }: { details: JsonObject }) {
  const items = isObject(details.items) ? Object.entries(details.items) : []
  return (
    <ul className={styles.checklist}>
      {items.map(([key, item]) =>
        isObject(item) ? (
          <li key={key} className={item.value ? styles.checkPassed : styles.checkFailed}>
            <span aria-hidden="true" className={styles.checkMark}>
              {item.value ? '✓' : '✕'}
            </span>
            <span className="visually-hidden">{item.value ? 'Passed: ' : 'Failed: '}</span>
            {readString(item.label) ?? key}
          </li>
        ) : null,
      )}
    </ul>
  )
}

function Filmstrip({ details }: { details: JsonObject }) {
  const frames = Array.isArray(details.items) ? details.items.filter(isObject) : []
  return (
    <ol className={styles.filmstrip}>
      {frames.map((frame, index) => {
        const timing = readNumber(frame.timing) ?? 0
        const data = readString(frame.data) ?? ''
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: frames are ordered by time and never move
          <li key={index} className={styles.frame}>
            {data.startsWith('data:image/') ? (
              <img
                src={data}
                alt={`The page at ${formatMilliseconds(timing)}`}
                className={styles.frameImage}
              />
            ) : null}
            <span className={styles.muted}>{formatMilliseconds(timing)}</span>
          </li>
        )
      })}
    </ol>
  )
}

/** network-tree (Lighthouse 12+): each request with its time from navigation start and its size. */
function NetworkTree({ chains }: { chains: Json | undefined }) {
  if (!isObject(chains)) return null
  const entries = Object.entries(chains).filter((entry): entry is [string, JsonObject] => isObject(entry[1]))
  if (entries.length === 0) return null
  return (
    <ul className={styles.tree}>
      {entries.map(([id, chain]) => (
        <li key={id}>
          <UrlValue url={readString(chain.url) ?? ''} />
          <span className={styles.muted}>
            {' '}
            - {formatMilliseconds(readNumber(chain.navStartToEndTime) ?? 0)},{' '}
            {formatBytes(readNumber(chain.transferSize) ?? 0)}
          </span>
          {chain.isLongest ? <span className="visually-hidden"> (longest chain)</span> : null}
          <NetworkTree chains={chain.children} />
        </li>
      ))}
    </ul>
  )
}

/** criticalrequestchain (Lighthouse up to 11): request times are in seconds there. */
function CriticalRequestChain({ chains }: { chains: Json | undefined }) {
  if (!isObject(chains)) return null
  const entries = Object.entries(chains).filter((entry): entry is [string, JsonObject] => isObject(entry[1]))
  if (entries.length === 0) return null
  return (
    <ul className={styles.tree}>
      {entries.map(([id, chain]) => {
        const request = isObject(chain.request) ? chain.request : {}
        const duration = ((readNumber(request.endTime) ?? 0) - (readNumber(request.startTime) ?? 0)) * 1000
        return (
          <li key={id}>
            <UrlValue url={readString(request.url) ?? ''} />
            <span className={styles.muted}>
              {' '}
              - {formatMilliseconds(duration)}, {formatBytes(readNumber(request.transferSize) ?? 0)}
            </span>
            <CriticalRequestChain chains={chain.children} />
          </li>
        )
      })}
    </ul>
  )
}

function ChainSummary({ details, label }: { details: JsonObject; label: string }) {
  const longest = isObject(details.longestChain) ? details.longestChain : null
  const duration = longest ? readNumber(longest.duration) : undefined
  return duration === undefined ? null : (
    <p className={styles.savings}>
      {label}: {formatMilliseconds(duration)}
    </p>
  )
}

function ListSection({ section }: { section: JsonObject }) {
  const title = readString(section.title)
  const description = readString(section.description)
  return (
    <div className={styles.listSection}>
      {title ? <p className={styles.listSectionTitle}>{title}</p> : null}
      {description ? (
        <p className={styles.muted}>
          <MarkdownText text={description} />
        </p>
      ) : null}
      <AuditDetails details={section.value} label={title} />
    </div>
  )
}

/**
 * The audit renderer: draws an audit's `details` in every Lighthouse detail format. Hidden types draw
 * nothing; an unknown type is named with its raw JSON.
 */
export function AuditDetails({ details, label }: { details: Json | undefined; label?: string }) {
  if (!isObject(details) || typeof details.type !== 'string') return null
  if (HIDDEN_TYPES.has(details.type)) return null
  switch (details.type) {
    case 'table':
    case 'opportunity':
      return <DetailsTable details={details} label={label} />
    case 'list': {
      const items = Array.isArray(details.items) ? details.items.filter(isObject) : []
      return (
        <div className={styles.list}>
          {items.map((item, index) =>
            item.type === 'list-section' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: list items have no identity of their own
              <ListSection key={index} section={item} />
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: list items have no identity of their own
              <AuditDetails key={index} details={item} label={label} />
            ),
          )}
        </div>
      )
    }
    case 'list-section':
      return <ListSection section={details} />
    case 'checklist':
      return <Checklist details={details} />
    case 'filmstrip':
      return <Filmstrip details={details} />
    case 'network-tree':
      return (
        <div>
          <ChainSummary details={details} label="Maximum critical path latency" />
          <NetworkTree chains={details.chains} />
        </div>
      )
    case 'criticalrequestchain':
      return (
        <div>
          <ChainSummary details={details} label="Maximum critical path latency" />
          <CriticalRequestChain chains={details.chains} />
        </div>
      )
    case 'node':
      return isNodeValue(details) ? (
        <div className={styles.single}>
          <NodeItem node={details} />
        </div>
      ) : null
    case 'source-location':
      return (
        <div className={styles.single}>
          <SourceLocation value={details} />
        </div>
      )
    case 'code':
      return (
        <pre className={styles.codeBlock}>
          <code>{String(details.value ?? '')}</code>
        </pre>
      )
    case 'text':
      return <p className={styles.single}>{String(details.value ?? '')}</p>
    case 'link':
    case 'url':
    case 'numeric':
    case 'thumbnail':
      return (
        <div className={styles.single}>
          <ItemValue value={details} />
        </div>
      )
    default:
      return <UnknownDetails details={details} />
  }
}
