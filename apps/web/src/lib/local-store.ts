import { useSyncExternalStore } from 'react'

/**
 * Values kept in the browser between visits, under the keys of STORAGE_KEYS. Each
 * write announces itself with a window event, so every mounted reader - and other code that listens
 * for the active site or section - sees the change at once.
 */
export const STORAGE_KEYS = {
  user: 'user',
  activeSite: 'canopy.activeSite',
  activeSection: 'canopy.activeSection',
  sidebarExpanded: 'canopy.sidebarExpanded',
  featureFlags: 'canopy.featureFlags',
  sectionSwitcherPage: (siteSlug: string) => `canopy.sectionSwitcherPage.${siteSlug}`,
  /** 'true': add words to a dictionary without the confirmation */
  skipAddWordConfirmation: 'canopy.dictionary.skipAddConfirmation',
  /** 'true': delete dictionary words without the confirmation */
  skipDeleteWordConfirmation: 'canopy.dictionary.skipDeleteConfirmation',
} as const

export const STORAGE_EVENTS = {
  activeSite: 'canopy:active-site-change',
  activeSection: 'canopy:active-section-change',
  any: 'canopy:storage-change',
} as const

function announce(key: string): void {
  window.dispatchEvent(new CustomEvent(STORAGE_EVENTS.any, { detail: { key } }))
}

export function readStoredValue(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

export function writeStoredValue(key: string, value: string | null): void {
  try {
    if (value === null || value === '') window.localStorage.removeItem(key)
    else window.localStorage.setItem(key, value)
  } catch {
    // Storage can be full or disabled (private mode); the app keeps working with in-memory state.
  }
  announce(key)
}

/** Logout clears everything this browser holds for the product. */
export function clearStoredValues(): void {
  try {
    window.localStorage.clear()
  } catch {
    // Nothing to clear when storage is unavailable.
  }
  announce('*')
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(STORAGE_EVENTS.any, onChange)
  window.addEventListener('storage', onChange)
  return () => {
    window.removeEventListener(STORAGE_EVENTS.any, onChange)
    window.removeEventListener('storage', onChange)
  }
}

/** A stored string that re-renders its readers when any tab or component writes it. */
export function useStoredValue(key: string): string | null {
  return useSyncExternalStore(
    subscribe,
    () => readStoredValue(key),
    () => null,
  )
}
