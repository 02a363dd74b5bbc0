export { FEATURE_FLAGS, type FeatureFlagName } from '@canopy/contracts'
export {
  DEFAULT_DEMO_EMAIL,
  DEFAULT_DEMO_MEMBER_EMAIL,
  DEFAULT_DEMO_PASSWORD,
  DEFAULT_DEMO_SITE_URL,
  DEMO_ORGANISATION_SLUG,
  DEMO_SEED_IN_PRODUCTION_MESSAGE,
  DEMO_SITE_FEATURE_FLAGS,
  DEMO_SITE_SLUG,
  type SeedDemoOptions,
  type SeedDemoResult,
  type SeededDemoUser,
  seedDemo,
} from './seed-demo.js'
