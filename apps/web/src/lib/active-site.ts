import {
  readStoredValue,
  STORAGE_EVENTS,
  STORAGE_KEYS,
  useStoredValue,
  writeStoredValue,
} from './local-store'

/**
 * The active site and section: stored locally and announced by an event. Changing
 * the site clears the section; an empty section is removed rather than stored.
 */
export type ActiveSiteChange = { siteSlug: string | null }
export type ActiveSectionChange = { sectionSlug: string | null }

export function readActiveSite(): string | null {
  return readStoredValue(STORAGE_KEYS.activeSite)
}

export function readActiveSection(): string | null {
  return readStoredValue(STORAGE_KEYS.activeSection)
}

export function setActiveSection(sectionSlug: string | null): void {
  const next = sectionSlug === '' ? null : sectionSlug
  if (readActiveSection() === next) return
  writeStoredValue(STORAGE_KEYS.activeSection, next)
  window.dispatchEvent(
    new CustomEvent<ActiveSectionChange>(STORAGE_EVENTS.activeSection, { detail: { sectionSlug: next } }),
  )
}

export function setActiveSite(siteSlug: string | null): void {
  if (readActiveSite() === siteSlug) return
  writeStoredValue(STORAGE_KEYS.activeSite, siteSlug)
  setActiveSection(null)
  window.dispatchEvent(new CustomEvent<ActiveSiteChange>(STORAGE_EVENTS.activeSite, { detail: { siteSlug } }))
}

/** A failed site lookup forgets the stored site only if it is still the one that failed. */
export function clearActiveSiteIfMatches(siteSlug: string): void {
  if (readActiveSite() === siteSlug) setActiveSite(null)
}

export function useActiveSite(): string | null {
  return useStoredValue(STORAGE_KEYS.activeSite)
}

export function useActiveSection(): string | null {
  return useStoredValue(STORAGE_KEYS.activeSection)
}
