import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'
import { toastQueue } from '../components/ui/toast'

/**
 * jsdom has no layout engine, so it has no matchMedia. This one answers width queries from
 * window.innerWidth (which a test may change) so that responsive components can be exercised.
 */
function matchesQuery(query: string): boolean {
  const width = window.innerWidth
  const min = query.match(/min-width:\s*([\d.]+)px/)
  const max = query.match(/max-width:\s*([\d.]+)px/)
  if (query.includes('prefers-reduced-motion')) return true
  if (min?.[1] && width < Number(min[1])) return false
  if (max?.[1] && width > Number(max[1])) return false
  return Boolean(min || max)
}

Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  value: (query: string) => ({
    matches: matchesQuery(query),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }),
})

beforeEach(() => {
  window.localStorage.clear()
  window.sessionStorage.clear()
  window.innerWidth = 1280
  window.history.replaceState(null, '', '/')
})

// Test files share a worker's document and modules (isolate: false in vitest.config.ts): what a test leaves
// behind (toasts in the app's one queue, portals outside the rendered tree) is removed after it.
afterEach(() => {
  cleanup()
  for (const toast of toastQueue.visibleToasts) toastQueue.close(toast.key)
  document.body.replaceChildren()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})
