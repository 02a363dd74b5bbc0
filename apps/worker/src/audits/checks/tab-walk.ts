import { randomUUID } from 'node:crypto'
import type { CDPSession, Page } from 'playwright-core'
import { evaluateInPage, pressEscape, pressTab, within } from './keyboard-layout-support.js'
import {
  currentTabWalk,
  estimateTabStops,
  installFocusLook,
  installHiddenReason,
  installTabRecorder,
  readTabWalk,
  stopTabWalk,
  type WalkStop,
} from './tab-walk-in-page.js'

/**
 * Tabbing through the page once for the keyboard checks (focus-visible, focus-order): the walk starts at the
 * top of the document, presses Tab up to MAX_TAB_STOPS times and records, in the page, every element focus
 * reached, how it looked focused and not, and whether it could be seen. A later check on the same document
 * reuses the walk instead of tabbing again.
 */
export const MAX_TAB_STOPS = 60

export interface TabWalk {
  /** every element focus reached, in the order first reached */
  stops: WalkStop[]
  /** the stops' indexes in the order focus visited them; 'exit' where focus left the page */
  sequence: Array<number | 'exit'>
  /** the indexes of elements Tab and Shift+Tab kept cycling among, without Escape freeing them (null: none) */
  trap: number[] | null
}

const walks = new WeakMap<Page, { token: string; walk: Promise<TabWalk> }>()

/** The page's tab walk: made now, or the one an earlier check made on the same document. */
export async function walkTabOrder(page: Page, timeoutMs: number): Promise<TabWalk> {
  const cached = walks.get(page)
  if (cached && (await evaluateInPage(page, currentTabWalk, undefined)) === cached.token) return cached.walk
  const token = randomUUID()
  const walk = within(tabThrough(page, token), timeoutMs, 'the tab walk')
  walks.set(page, { token, walk })
  try {
    return await walk
  } catch (error) {
    walks.delete(page)
    throw error
  }
}

async function tabThrough(page: Page, token: string): Promise<TabWalk> {
  const session = await page.context().newCDPSession(page)
  try {
    await evaluateInPage(page, installFocusLook, undefined)
    await evaluateInPage(page, installHiddenReason, undefined)
    const estimate = await evaluateInPage(page, estimateTabStops, undefined)
    await evaluateInPage(page, installTabRecorder, token)
    await pressTab(session, Math.min(estimate + 2, MAX_TAB_STOPS))
    const read = await evaluateInPage(page, readTabWalk, 0)
    const cycle = firstCycle(read.sequence)
    const trap = cycle ? await confirmTrap(page, session, cycle, read.end) : null
    const { stops } = trap ? await evaluateInPage(page, readTabWalk, 0) : read
    return { stops, sequence: read.sequence, trap }
  } finally {
    await evaluateInPage(page, stopTabWalk, undefined).catch(() => undefined)
    await session.detach().catch(() => undefined)
  }
}

/**
 * The elements focus came back to before it ever left the page: after an element, Tab reached it again
 * without passing the end of the document (where focus goes to the browser) — a cycle, maybe a trap.
 */
export function firstCycle(sequence: Array<number | 'exit'>): number[] | null {
  const seenAt = new Map<number, number>()
  for (const [position, entry] of sequence.entries()) {
    if (entry === 'exit') {
      seenAt.clear()
      continue
    }
    const first = seenAt.get(entry)
    if (first !== undefined) return [...new Set(sequence.slice(first, position) as number[])]
    seenAt.set(entry, position)
  }
  return null
}

/**
 * A keyboard trap holds focus against Tab, Shift+Tab and Escape (the standard way out of a dialog): the
 * cycle is a trap when none of them brings focus to an element outside it or out of the page.
 */
async function confirmTrap(
  page: Page,
  session: CDPSession,
  cycle: number[],
  since: number,
): Promise<number[] | null> {
  const inside = new Set(cycle)
  const escapes = (sequence: Array<number | 'exit'>) =>
    sequence.some((entry) => entry === 'exit' || !inside.has(entry))
  await pressTab(session, cycle.length + 2, true)
  const backwards = await evaluateInPage(page, readTabWalk, since)
  if (escapes(backwards.sequence)) return null
  await pressEscape(session)
  await pressTab(session, cycle.length + 2)
  const afterEscape = await evaluateInPage(page, readTabWalk, backwards.end)
  return escapes(afterEscape.sequence) ? null : cycle
}
