import {
  FEATURE_FLAG_NAMES,
  type FeatureFlagList,
  FeatureFlagListSchema,
  type FeatureFlagName,
  resolveFeatureFlag,
} from '@canopy/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { requestApi } from './api-client'
import { STORAGE_KEYS, useStoredValue, writeStoredValue } from './local-store'

/**
 * The feature flags as the API answers them for the signed-in user on a site (its override, else the
 * global value; staff: every flag on), and, on hosts that are not production, this browser's own overrides
 * kept in local storage, which win over the site's.
 */
export const FEATURE_FLAGS = FEATURE_FLAG_NAMES
export type FeatureFlag = FeatureFlagName

/** This browser's overrides: a flag set true or false here, whatever the site says (non-production only). */
export type FeatureFlagState = Partial<Record<FeatureFlag, boolean>>

export function parseFeatureFlags(stored: string | null): FeatureFlagState {
  if (!stored) return {}
  try {
    const value: unknown = JSON.parse(stored)
    if (typeof value !== 'object' || value === null) return {}
    const record = value as Record<string, unknown>
    return Object.fromEntries(
      FEATURE_FLAGS.filter((flag) => typeof record[flag] === 'boolean').map((flag) => [flag, record[flag]]),
    )
  } catch {
    return {}
  }
}

export function writeFeatureFlags(flags: FeatureFlagState): void {
  writeStoredValue(STORAGE_KEYS.featureFlags, JSON.stringify(flags))
}

/** Sets this browser's override of one flag, or with null drops it (the site's value applies again). */
export function setLocalFeatureFlag(
  current: FeatureFlagState,
  flag: FeatureFlag,
  value: boolean | null,
): void {
  const next: FeatureFlagState = { ...current }
  if (value === null) delete next[flag]
  else next[flag] = value
  writeFeatureFlags(next)
}

export function useLocalFeatureFlags(): FeatureFlagState {
  const stored = useStoredValue(STORAGE_KEYS.featureFlags)
  return useMemo(() => parseFeatureFlags(stored), [stored])
}

/** Every feature flag query starts with this key: a switch changed anywhere drops them all. */
export const FEATURE_FLAGS_QUERY_KEY = ['feature-flags'] as const
const FEATURE_FLAGS_STALE_MS = 30_000

/** The flags of one site, or the global values with a null site. */
export const getFeatureFlagsQueryOptions = (siteSlug: string | null) =>
  queryOptions({
    queryKey: [...FEATURE_FLAGS_QUERY_KEY, siteSlug] as const,
    queryFn: ({ signal }) =>
      requestApi('/api/v1/features', {
        params: { site: siteSlug },
        schema: FeatureFlagListSchema,
        signal,
      }),
    staleTime: FEATURE_FLAGS_STALE_MS,
  })

/**
 * One flag for this browser: the API's global value and site override, with this browser's override (when
 * the host allows one) taken as the most specific override of all; staff bypass every flag.
 */
export function isFeatureFlagActive(
  flag: FeatureFlag,
  { isStaff, list, local }: { isStaff: boolean; list: FeatureFlagList | undefined; local: FeatureFlagState },
): boolean {
  const remote = list?.items.find((item) => item.name === flag)
  const localOverride = list?.localOverrides ? local[flag] : undefined
  return resolveFeatureFlag({
    isStaff,
    global: remote?.global ?? false,
    override: localOverride ?? remote?.override ?? null,
  })
}

export interface FeatureFlags {
  isActive: (flag: FeatureFlag) => boolean
  /** the flags are still being read (a screen behind one waits rather than saying not found) */
  isPending: boolean
}

/** The flags on `siteSlug` (or the global ones) for this user; internal (staff) users see every flag on. */
export function useFeatureFlags(isInternalUser: boolean, siteSlug: string | null): FeatureFlags {
  const query = useQuery({ ...getFeatureFlagsQueryOptions(siteSlug), enabled: !isInternalUser })
  const local = useLocalFeatureFlags()
  const list = query.data
  return useMemo(
    () => ({
      isActive: (flag: FeatureFlag) => isFeatureFlagActive(flag, { isStaff: isInternalUser, list, local }),
      isPending: !isInternalUser && query.isPending,
    }),
    [isInternalUser, list, local, query.isPending],
  )
}
