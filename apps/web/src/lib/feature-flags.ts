import { useMemo } from 'react'
import { STORAGE_KEYS, useStoredValue, writeStoredValue } from './local-store'

/** The feature flags: every flag is off until switched on; the switches live in local storage. */
export const FEATURE_FLAGS = [
  'inventory/media',
  'super-admin',
  'cms-config-link',
  'add-single-page-scan',
  'page-hits-table-columns',
  'accessibility/pdfs',
  'seo/orphaned-pages',
  'performance/uptime',
  'settings/scans',
  'settings/sitemaps',
  'settings/accountbilling',
  'user-admin',
  'user-account-expiry',
] as const
export type FeatureFlag = (typeof FEATURE_FLAGS)[number]

export type FeatureFlagState = Partial<Record<FeatureFlag, boolean>>

export function parseFeatureFlags(stored: string | null): FeatureFlagState {
  if (!stored) return {}
  try {
    const value: unknown = JSON.parse(stored)
    if (typeof value !== 'object' || value === null) return {}
    return Object.fromEntries(
      FEATURE_FLAGS.filter((flag) => (value as Record<string, unknown>)[flag] === true).map((flag) => [
        flag,
        true,
      ]),
    )
  } catch {
    return {}
  }
}

export function writeFeatureFlags(flags: FeatureFlagState): void {
  writeStoredValue(STORAGE_KEYS.featureFlags, JSON.stringify(flags))
}

/** Internal (staff) users bypass flags: every flag reads as on for them. */
export function useFeatureFlags(isInternalUser: boolean): (flag: FeatureFlag) => boolean {
  const stored = useStoredValue(STORAGE_KEYS.featureFlags)
  return useMemo(() => {
    const flags = parseFeatureFlags(stored)
    return (flag: FeatureFlag) => isInternalUser || flags[flag] === true
  }, [stored, isInternalUser])
}
