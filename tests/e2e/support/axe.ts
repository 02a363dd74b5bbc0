import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'

// axe-core is a dependency of the web app; load its browser build from there.
const requireFromWeb = createRequire(new URL('../../../apps/web/package.json', import.meta.url))
const AXE_SOURCE = readFileSync(requireFromWeb.resolve('axe-core/axe.min.js'), 'utf8')

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

export type AxeViolation = { id: string; impact: string | null; help: string; targets: string[] }

/**
 * Injects axe-core into the page and runs it over the whole document with the WCAG 2.2 AA tags.
 * `skipFrames` leaves frames out: a page renderer's frame holds the scanned page, whose problems are the
 * scan's findings, not ours.
 */
export async function runAxe(page: Page, { skipFrames = false } = {}): Promise<AxeViolation[]> {
  // React Aria's live announcer holds each announcement for a few seconds as an element labelled by the
  // announced text; after a navigation that text is gone, and axe would read the entry as an image with no
  // name. axe looks once the entries have cleared (they do within 7 s).
  await page
    .waitForFunction(() => !document.querySelector('[data-live-announcer] [role="img"]'), null, {
      timeout: 10_000,
    })
    .catch(() => undefined)
  // axe reads colours as painted: a dialog still fading in shows its text at part of its opacity. axe looks once
  // the page's finite animations and transitions have ended (an endless one, a spinner's, is left running).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 5_000)),
    ]),
  )
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not govern:
  // the app's strict policy stays on while axe runs (a script tag would be refused as inline script).
  await page.evaluate(AXE_SOURCE)
  return page.evaluate(
    async ({ tags, skipFrames }) => {
      const axe = (
        window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }
      ).axe
      const results = (await axe.run(skipFrames ? { exclude: [['iframe']] } : document, {
        runOnly: { type: 'tag', values: tags },
        ...(skipFrames ? { iframes: false } : {}),
      })) as {
        violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[]
      }
      return results.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      }))
    },
    { tags: WCAG_TAGS, skipFrames },
  )
}
