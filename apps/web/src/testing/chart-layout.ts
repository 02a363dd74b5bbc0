import { afterEach, beforeEach, vi } from 'vitest'

/**
 * For a test file whose screens draw charts: jsdom has no layout, and the chart's container is measured
 * through a ResizeObserver it lacks; a silent one stands in before each test, and every stubbed global is
 * restored after it.
 */
export function stubChartLayout() {
  beforeEach(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    )
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })
}
