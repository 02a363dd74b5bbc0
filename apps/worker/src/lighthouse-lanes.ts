/**
 * Lighthouse times the page it measures, so each run wants a core to itself: while this process audits pages,
 * its Lighthouse runs take `busy` lanes (half the cores by default) and leave the rest to the page audits; once
 * its page lanes are idle (a scan's pages are done and its Lighthouse runs are left), they take `idle` lanes
 * (every core), instead of running one after another beside idle cores.
 */
export interface LighthouseLanes {
  /** the Lighthouse worker whose concurrency follows the page audits */
  attach(worker: { concurrency: number }): void
  /** runs one page audit, counted while it runs */
  whileAuditing<T>(audit: () => Promise<T>): Promise<T>
}

export function createLighthouseLanes(lanes: { busy: number; idle: number }): LighthouseLanes {
  let auditing = 0
  let lighthouse: { concurrency: number } | undefined
  const follow = () => {
    const wanted = auditing > 0 ? lanes.busy : lanes.idle
    if (lighthouse && lighthouse.concurrency !== wanted) lighthouse.concurrency = wanted
  }
  return {
    attach(worker) {
      lighthouse = worker
      follow()
    },
    async whileAuditing(audit) {
      auditing++
      follow()
      try {
        return await audit()
      } finally {
        auditing--
        follow()
      }
    },
  }
}
