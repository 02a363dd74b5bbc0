import { HIDDEN_DETAIL_TYPES, RENDERED_DETAIL_TYPES } from '@canopy/contracts'

/**
 * Lighthouse's detail formats, read defensively: details come from stored JSON that
 * several tool versions wrote, so every field is optional until a renderer has checked it.
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
export type JsonObject = { [key: string]: Json }

export type Rect = { top: number; left: number; width: number; height: number }

export type NodeValue = {
  type: 'node'
  lhId?: string
  path?: string
  selector?: string
  nodeLabel?: string
  snippet?: string
  explanation?: string
  boundingRect?: Rect
  /** our own scans: an element screenshot stored beside the page (a URL or a data URL) */
  screenshot?: { url?: string; data?: string; width?: number; height?: number }
  screenshotUrl?: string
  /** the worker's stored element screenshot; usable here once the API gives it as a URL path */
  screenshotPath?: string
  /** accessibility: the engines that found this element (every engine naming it is credited) */
  engines?: unknown
}

/** Lighthouse's full-page screenshot (the LHR's fullPageScreenshot) from which node thumbnails are cut. */
export type FullPageScreenshot = {
  screenshot: { data: string; width: number; height: number }
  nodes: Record<string, Rect>
}

export type TableHeading = {
  key: string | null
  label?: string | { [key: string]: Json }
  valueType?: string
  granularity?: number
  displayUnit?: string
  subItemsHeading?: { key: string; valueType?: string; granularity?: number; displayUnit?: string }
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function readString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}

export function readNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

export const HIDDEN_TYPES: ReadonlySet<string> = new Set(HIDDEN_DETAIL_TYPES)
export const RENDERED_TYPES: ReadonlySet<string> = new Set(RENDERED_DETAIL_TYPES)

/** A details object worth drawing: rendered types always, and never the hidden ones. */
export function hasVisibleDetails(details: unknown): boolean {
  if (!isObject(details) || typeof details.type !== 'string') return false
  if (HIDDEN_TYPES.has(details.type)) return false
  if ((details.type === 'table' || details.type === 'opportunity') && Array.isArray(details.items)) {
    return details.items.length > 0
  }
  if (details.type === 'list' && Array.isArray(details.items)) return details.items.length > 0
  return true
}

export function isNodeValue(value: unknown): value is NodeValue {
  return isObject(value) && value.type === 'node'
}

/** Lighthouse may give a heading's label as a localisable string object; only plain text is shown. */
export function readHeadingLabel(heading: TableHeading): string {
  return typeof heading.label === 'string' ? heading.label : ''
}
