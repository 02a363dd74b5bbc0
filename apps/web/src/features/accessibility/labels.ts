import {
  CONFORMANCE_FILTERS,
  type ConformanceFilter,
  type IssueLevel,
  type IssueStatusFilter,
} from '@canopy/contracts'
import type { FilterOption } from '@/components/ui/list'
import { ACCESSIBILITY_UI } from '@/config/accessibility-messages'

/** The issue list's status filter, failing now by default. */
export const STATUS_OPTIONS: readonly (FilterOption & { id: IssueStatusFilter })[] = [
  { id: 'current', label: 'Failing now' },
  { id: 'failed', label: 'Failed' },
  { id: 'manual', label: 'Needs review' },
  { id: 'new', label: 'New in the last scan' },
  { id: 'fixed', label: 'Fixed in the last scan' },
]

export const ALL_LEVELS = 'all'

/** The level filter: every level, or one of the WCAG levels and the two others. */
export const LEVEL_OPTIONS: readonly FilterOption[] = [
  { id: ALL_LEVELS, label: 'All levels' },
  { id: 'A', label: 'A' },
  { id: 'AA', label: 'AA' },
  { id: 'AAA', label: 'AAA' },
  { id: 'Error', label: 'Error' },
  { id: 'Manual', label: 'Manual' },
]

export const LEVEL_NAMES: Record<IssueLevel, string> = {
  A: 'WCAG level A',
  AA: 'WCAG level AA',
  AAA: 'WCAG level AAA',
  Error: 'Error',
  Manual: 'Manual check',
}

export const PAGE_STATUS_LABELS = { failed: 'Failed', manual: 'Needs review', fixed: 'Fixed' } as const

/** The issue lists' "Show" filter: failures of the site's target and advice, either, or both (default). */
export const ALL_CONFORMANCE: ConformanceFilter = 'all'
export const CONFORMANCE_OPTIONS: readonly (FilterOption & { id: ConformanceFilter })[] =
  CONFORMANCE_FILTERS.map((id) => ({ id, label: ACCESSIBILITY_UI.conformanceOptions[id] }))
