import {
  createLighthouseRunner,
  type LighthouseRunner,
  type LighthouseRunnerOptions,
} from './run-lighthouse.js'

let shared: LighthouseRunner | undefined

/**
 * The worker process's one Lighthouse runner, made on first use and shared by the lighthouse-page and
 * single-page-scan jobs: its child (Chromium up, Lighthouse loaded) serves page after page, so a run pays only
 * Lighthouse's own time; runs at the same time get a child each. An idle child is ended after a minute and
 * every child goes with the process. The first caller's Chromium path and allow-list are the ones used.
 */
export function sharedLighthouseRunner(
  options: Required<Pick<LighthouseRunnerOptions, 'chromiumPath' | 'allowHosts'>>,
): LighthouseRunner {
  shared ??= createLighthouseRunner(options)
  return shared
}

/** Ends the shared runner's children and their Chromium (worker shutdown); a later use makes a new runner. */
export function closeSharedLighthouseRunner(): void {
  shared?.close()
  shared = undefined
}
