/// <reference lib="dom" />
import type { CDPSession, Page } from 'playwright-core'
import type { Finding, FindingElement, FindingOutcome } from '../engines/finding.js'
import type { PageCheck } from './page-check.js'

/**
 * What the keyboard and layout checks share: running a named in-page function, making findings, pressing keys
 * fast, waiting for layout, and keeping to the time a check is given.
 */

/** A function to run in the page before another, with its argument (see evaluateInPage). */
export type InPageStep = [fn: (arg: never) => unknown, arg: unknown]

/**
 * Runs `fn(arg)` in the page, after the `before` steps, in one round trip; answers fn's result. The functions
 * are sent as source text inside a scope that defines `__name`: tsx (which runs the worker) compiles with
 * esbuild's keepNames, which wraps every named inner function in `__name(fn, 'name')`, a helper that exists
 * in Node but not in the page.
 */
export function evaluateInPage<A, R>(
  page: Page,
  fn: (arg: A) => R,
  arg: A,
  before: InPageStep[] = [],
): Promise<Awaited<R>> {
  const call = (f: (arg: never) => unknown, a: unknown) =>
    `(${f.toString()})(${JSON.stringify(a) ?? 'undefined'})`
  const steps = before.map(([f, a]) => `${call(f, a)};`).join(' ')
  const source = `(async () => { const __name = (f) => f; ${steps} return ${call(fn, arg)}; })()`
  return page.evaluate(source) as Promise<Awaited<R>>
}

/** The element description every engine gives (element-keys.ts), in the page. */
export type DescribeInPage = (element: Element) => FindingElement

export interface FindingParts {
  outcome: FindingOutcome
  criteria: string[]
  element: FindingElement | null
  message: string
  /** defaults to the check's title */
  title?: string
}

const UNDERSTANDING: Record<string, string> = {
  '1.4.4': 'resize-text',
  '1.4.10': 'reflow',
  '1.4.12': 'text-spacing',
  '1.4.13': 'content-on-hover-or-focus',
  '2.1.1': 'keyboard',
  '2.1.2': 'no-keyboard-trap',
  '2.4.3': 'focus-order',
  '2.4.7': 'focus-visible',
  '2.5.8': 'target-size-minimum',
}

/** The public explanation of the criterion a finding is about. */
export function helpUrlOf(criterion: string): string {
  return `https://www.w3.org/WAI/WCAG22/Understanding/${UNDERSTANDING[criterion] ?? ''}`
}

/** What a finding takes from the check that made it. */
export type CheckNaming = Pick<PageCheck, 'id' | 'title' | 'description'>

export function canopyFinding(check: CheckNaming, parts: FindingParts): Finding {
  return {
    engine: 'canopy',
    ruleId: check.id,
    outcome: parts.outcome,
    criteria: parts.criteria,
    actRules: [],
    title: parts.title ?? check.title,
    description: check.description,
    helpUrl: helpUrlOf(parts.criteria[0] ?? ''),
    element: parts.element,
    message: parts.message,
  }
}

/**
 * A criterion the check could test (it applied) and on which it found nothing failed or to review passed as a
 * whole: one passed finding with no element, so the combiner can credit the check.
 */
export function passedWhereClean(check: CheckNaming, applied: string[], findings: Finding[]): Finding[] {
  const passed = applied
    .filter((criterion) => !findings.some((finding) => finding.criteria.includes(criterion)))
    .map((criterion) =>
      canopyFinding(check, { outcome: 'passed', criteria: [criterion], element: null, message: '' }),
    )
  return [...findings, ...passed]
}

/** A deadline from the time a check is given, with a margin for putting the page back. */
export function deadlineOf(timeoutMs: number): { left(): number; passed(): boolean } {
  const end = Date.now() + Math.max(0, timeoutMs - Math.min(500, timeoutMs / 5))
  return { left: () => Math.max(0, end - Date.now()), passed: () => Date.now() >= end }
}

/** Rejects when `promise` outlasts `ms` (the check's remaining time). */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms)
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}

const TAB = { key: 'Tab', code: 'Tab', windowsVirtualKeyCode: 9, nativeVirtualKeyCode: 9 }
const ESCAPE = { key: 'Escape', code: 'Escape', windowsVirtualKeyCode: 27, nativeVirtualKeyCode: 27 }

/**
 * Presses Tab (or Shift+Tab) `count` times. The key events are sent to the page all at once and handled in
 * order: awaiting each press on its own costs about 25 ms a press, pipelined about 4 ms.
 */
export async function pressTab(session: CDPSession, count: number, shift = false): Promise<void> {
  const modifiers = shift ? 8 : 0
  const presses = Array.from({ length: count }, () => [
    session.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', modifiers, ...TAB }),
    session.send('Input.dispatchKeyEvent', { type: 'keyUp', modifiers, ...TAB }),
  ])
  await Promise.all(presses.flat())
}

export async function pressEscape(session: CDPSession): Promise<void> {
  await session.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...ESCAPE })
  await session.send('Input.dispatchKeyEvent', { type: 'keyUp', ...ESCAPE })
}

/**
 * Waits for the next animation frame: the page's resize handlers run in the frame's rendering steps, before
 * its animation-frame callbacks; the layout itself is brought up to date by the next measurement.
 */
export async function settleLayout(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())))
}
