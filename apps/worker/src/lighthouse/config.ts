import { type Config, desktopConfig } from 'lighthouse'
import * as constants from 'lighthouse/core/config/constants.js'

export type LighthouseFormFactor = 'desktop' | 'mobile'
export type LighthouseMode = 'default' | 'tuned'

/** The categories a scan stores; accessibility comes from our own axe pass, PWA no longer exists. */
export const TUNED_CATEGORIES = ['performance', 'seo', 'best-practices'] as const

/**
 * Audits in those categories whose results nobody reads: their group is 'hidden' (never listed) and no
 * listed audit or metric depends on them. Skipping an audit also skips the gatherers only it needed.
 * The metric audits, 'metrics' and the traces they are computed from stay.
 */
export const TUNED_SKIPPED_AUDITS = [
  'screenshot-thumbnails',
  'final-screenshot',
  'script-treemap-data',
  'full-page-screenshot',
  'main-thread-tasks',
  'resource-summary',
  'network-rtt',
  'network-server-latency',
  'diagnostics',
  // bf-cache navigates away and back after the run: a second page load costs ~1 s a page.
  'bf-cache',
  // its gatherer fetches every source map of every script.
  'valid-source-maps',
]

/**
 * Quiet windows after FCP and load. With `simulate` throttling the metrics are computed by Lantern from the
 * trace's network and CPU graph, not read off the clock, so waiting longer buys nothing once the network
 * and main thread are quiet; Lighthouse's 1 s simulate defaults are mostly idle time on a page that is done.
 */
const TUNED_QUIET_MS = 250

function formFactorSettings(formFactor: LighthouseFormFactor): Config['settings'] {
  if (formFactor === 'desktop') return { ...desktopConfig.settings }
  return {
    formFactor: 'mobile',
    throttling: constants.throttling.mobileSlow4G,
    screenEmulation: constants.screenEmulationMetrics.mobile,
    emulatedUserAgent: constants.userAgents.mobile,
  }
}

/** Lighthouse's shipped config for the form factor, unchanged (the reference the tuned run is measured against). */
export function buildDefaultConfig(formFactor: LighthouseFormFactor): Config {
  return formFactor === 'desktop' ? desktopConfig : { extends: 'lighthouse:default' }
}

/** Our config: same throttling model and emulation, less waiting and fewer artifacts. */
export function buildTunedConfig(formFactor: LighthouseFormFactor): Config {
  return {
    extends: 'lighthouse:default',
    settings: {
      ...formFactorSettings(formFactor),
      throttlingMethod: 'simulate',
      onlyCategories: [...TUNED_CATEGORIES],
      skipAudits: TUNED_SKIPPED_AUDITS,
      // The about:blank step stays (~0.3 s): without it a fresh Chromium's first navigation is the measured one;
      // bench runs without it showed FCP and LCP up to twice the default config's (not conclusive on a busy machine).
      skipAboutBlank: false,
      disableFullPageScreenshot: true,
      pauseAfterFcpMs: TUNED_QUIET_MS,
      pauseAfterLoadMs: TUNED_QUIET_MS,
      networkQuietThresholdMs: TUNED_QUIET_MS,
      cpuQuietThresholdMs: TUNED_QUIET_MS,
      maxWaitForFcp: 15_000,
      maxWaitForLoad: 30_000,
    },
  }
}

/**
 * The config of one run. A site that names its own user agent is measured with it, as its pages are loaded
 * by the scanner (a site may answer its own bot differently); otherwise Lighthouse's for the form factor.
 */
export function buildLighthouseConfig(
  formFactor: LighthouseFormFactor,
  mode: LighthouseMode,
  userAgent?: string,
): Config {
  const config = mode === 'tuned' ? buildTunedConfig(formFactor) : buildDefaultConfig(formFactor)
  if (!userAgent) return config
  return { ...config, settings: { ...config.settings, emulatedUserAgent: userAgent } }
}
