import type { DuplicateKind } from '@canopy/contracts'

/** What each kind of duplicate group is called in the lists and filters. */
export const DUPLICATE_KIND_LABELS: Record<DuplicateKind, string> = {
  title: 'Title',
  description: 'Meta description',
  content: 'Content',
}

export const ALL_KINDS = 'all'

export const DUPLICATE_KIND_OPTIONS = [
  { id: ALL_KINDS, label: 'All duplicates' },
  { id: 'title', label: 'Titles' },
  { id: 'description', label: 'Meta descriptions' },
  { id: 'content', label: 'Content' },
] as const
