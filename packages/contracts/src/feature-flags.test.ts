import { describe, expect, it } from 'vitest'
import {
  FEATURE_FLAG_NAMES,
  isFeatureFlagName,
  resolveFeatureFlag,
  SiteFeatureFlagInputSchema,
} from './feature-flags.js'

describe('resolveFeatureFlag', () => {
  it('staff see every flag on; else the site override wins over the global value', () => {
    expect(resolveFeatureFlag({ isStaff: true, global: false, override: false })).toBe(true)
    expect(resolveFeatureFlag({ isStaff: false, global: false, override: null })).toBe(false)
    expect(resolveFeatureFlag({ isStaff: false, global: true, override: null })).toBe(true)
    expect(resolveFeatureFlag({ isStaff: false, global: true, override: false })).toBe(false)
    expect(resolveFeatureFlag({ isStaff: false, global: false, override: true })).toBe(true)
  })
})

describe('feature flag names and inputs', () => {
  it('knows the 13 flags of the product and nothing else', () => {
    expect(FEATURE_FLAG_NAMES).toHaveLength(13)
    expect(isFeatureFlagName('performance/uptime')).toBe(true)
    expect(isFeatureFlagName('performance/Uptime')).toBe(false)
  })

  it('a site override is on, off or null, never missing', () => {
    expect(SiteFeatureFlagInputSchema.safeParse({ active: null }).success).toBe(true)
    expect(SiteFeatureFlagInputSchema.safeParse({}).success).toBe(false)
    expect(SiteFeatureFlagInputSchema.safeParse({ active: 'on' }).success).toBe(false)
  })
})
