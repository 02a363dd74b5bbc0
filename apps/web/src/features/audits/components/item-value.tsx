import { ENGINE_IDS, type EngineId } from '@canopy/contracts'
import type { ReactNode } from 'react'
import { Button } from 'react-aria-components'
import { ACCESSIBILITY_UI } from '@/config/accessibility-messages'
import { isNodeValue, isObject, type Json, type NodeValue, readNumber, readString } from '../details'
import { formatBytes, formatMilliseconds, formatNumber, isWebUrl, splitUrl } from '../format'
import { useAuditRendererOptions } from './audit-renderer-context'
import styles from './audits.module.css'
import { ElementScreenshot } from './element-screenshot'
import { UnknownDetails } from './unknown-details'

export type ValueFormat = { valueType?: string; granularity?: number; displayUnit?: string }

/** A link when the URL is http or https; otherwise the same text, not clickable. */
export function SafeLink({ url, children }: { url: string; children?: ReactNode }) {
  if (!isWebUrl(url)) return <span className={styles.url}>{children ?? url}</span>
  return (
    <a href={url} target="_blank" rel="noreferrer noopener" className={styles.url}>
      {children ?? url}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  )
}

export function UrlValue({ url }: { url: string }) {
  if (!isWebUrl(url)) return <span className={styles.url}>{url}</span>
  const { file, host } = splitUrl(url)
  return (
    <span className={styles.urlValue}>
      <SafeLink url={url}>{file}</SafeLink>
      {host ? <span className={styles.muted}> ({host})</span> : null}
    </span>
  )
}

/** The engines a failing element names, the known ones only (stored details are read defensively). */
function readNodeEngines(node: NodeValue): EngineId[] {
  if (!Array.isArray(node.engines)) return []
  return ENGINE_IDS.filter((engine) => (node.engines as unknown[]).includes(engine))
}

export function NodeItem({ node }: { node: NodeValue }) {
  const { fullPageScreenshot, elementScreenshotUrl, onHighlightNode } = useAuditRendererOptions()
  const engines = readNodeEngines(node)
  return (
    <span className={styles.node}>
      <ElementScreenshot
        node={node}
        fullPageScreenshot={fullPageScreenshot}
        elementScreenshotUrl={elementScreenshotUrl}
      />
      <span className={styles.nodeText}>
        {node.nodeLabel ? <span className={styles.nodeLabel}>{node.nodeLabel}</span> : null}
        {node.snippet ? <code className={styles.snippet}>{node.snippet}</code> : null}
        {node.selector ? <span className={styles.selector}>{node.selector}</span> : null}
        {node.explanation ? <span className={styles.explanation}>{node.explanation}</span> : null}
        {engines.length > 0 ? (
          <span className={styles.nodeEngines}>{ACCESSIBILITY_UI.foundBy(engines)}</span>
        ) : null}
        {onHighlightNode && node.selector ? (
          <Button className={styles.highlightButton} onPress={() => onHighlightNode(node)}>
            Highlight on page
            <span className="visually-hidden">: {node.nodeLabel || node.selector}</span>
          </Button>
        ) : null}
      </span>
    </span>
  )
}

export function SourceLocation({ value }: { value: Json }) {
  if (!isObject(value)) return null
  const url = readString(value.url) ?? ''
  const line = readNumber(value.line) ?? 0
  const column = readNumber(value.column) ?? 0
  const original = isObject(value.original) ? value.original : null
  // Lighthouse counts lines from 0 (people from 1), and gives a negative line when it knows none.
  const where = line >= 0 ? `${splitUrl(url).file}:${line + 1}:${Math.max(0, column)}` : splitUrl(url).file
  return (
    <span className={styles.sourceLocation}>
      <SafeLink url={url}>{where}</SafeLink>
      {value.urlProvider === 'comment' ? <span className={styles.muted}> (from the source map)</span> : null}
      {original ? (
        <span className={styles.muted}>
          {' '}
          ({readString(original.file)}:{(readNumber(original.line) ?? 0) + 1}:
          {readNumber(original.column) ?? 0})
        </span>
      ) : null}
    </span>
  )
}

function ThumbnailValue({ url }: { url: string }) {
  if (!isWebUrl(url) && !url.startsWith('data:image/')) return <span className={styles.url}>{url}</span>
  return <img src={url} alt="" className={styles.thumbnail} width={48} height={48} />
}

/** An item value that says what it is ({type: 'node' | 'url' | …}) is drawn by its own type. */
function TypedValue({ value, format }: { value: { [key: string]: Json }; format: ValueFormat }) {
  switch (value.type) {
    case 'node':
      return isNodeValue(value) ? <NodeItem node={value} /> : null
    case 'source-location':
      return <SourceLocation value={value} />
    case 'url':
      return <UrlValue url={readString(value.value) ?? ''} />
    case 'link': {
      const url = readString(value.url) ?? ''
      return <SafeLink url={url}>{readString(value.text) || url}</SafeLink>
    }
    case 'code':
      return <code className={styles.code}>{String(value.value ?? '')}</code>
    case 'numeric': {
      const number = readNumber(value.value)
      return number === undefined ? null : (
        <ItemValue value={number} format={{ ...format, granularity: readNumber(value.granularity) }} />
      )
    }
    case 'text':
      return <span>{String(value.value ?? '')}</span>
    case 'thumbnail':
      return <ThumbnailValue url={readString(value.value) ?? ''} />
    case 'subitems':
      return null
    default:
      return <UnknownDetails details={value} />
  }
}

/** One cell of a table, drawn by the value's own type or the heading's valueType (Lighthouse's rules). */
export function ItemValue({ value, format = {} }: { value: Json | undefined; format?: ValueFormat }) {
  if (value === undefined || value === null || value === '') return null
  if (isObject(value) && typeof value.type === 'string') return <TypedValue value={value} format={format} />
  if (isObject(value) || Array.isArray(value))
    return <code className={styles.code}>{JSON.stringify(value)}</code>
  const { valueType, granularity, displayUnit } = format
  if (typeof value === 'number') {
    switch (valueType) {
      case 'bytes':
        return <span className={styles.number}>{formatBytes(value, granularity, displayUnit)}</span>
      case 'ms':
      case 'timespanMs':
        return <span className={styles.number}>{formatMilliseconds(value, granularity)}</span>
      default:
        return <span className={styles.number}>{formatNumber(value, granularity ?? 1)}</span>
    }
  }
  const text = String(value)
  switch (valueType) {
    case 'url':
      return <UrlValue url={text} />
    case 'link':
      return <SafeLink url={text} />
    case 'code':
      return <code className={styles.code}>{text}</code>
    case 'thumbnail':
      return <ThumbnailValue url={text} />
    default:
      return <span>{text}</span>
  }
}
