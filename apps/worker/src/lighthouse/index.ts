export type { LighthouseFormFactor, LighthouseMode } from './config.js'
export { buildDefaultConfig, buildTunedConfig, TUNED_CATEGORIES, TUNED_SKIPPED_AUDITS } from './config.js'
export { type Lhr, mapCategory, mapMetrics } from './map-lhr.js'
export {
  createLighthouseRunner,
  type LighthouseResult,
  LighthouseRunError,
  type LighthouseRunner,
  type LighthouseRunnerOptions,
  type RawLighthouseRun,
  type RunLighthouseOptions,
  runLighthouse,
  runLighthouseRaw,
} from './run-lighthouse.js'
export { closeSharedLighthouseRunner, sharedLighthouseRunner } from './shared-runner.js'
