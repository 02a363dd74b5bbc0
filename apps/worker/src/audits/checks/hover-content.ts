import type { Page } from 'playwright-core'
import type { Finding, FindingElement } from '../engines/finding.js'
import {
  collectHoverSelectors,
  endHover,
  findHoverTriggers,
  focusReveals,
  placeTrigger,
  readHover,
} from './hover-content-in-page.js'
import { canopyFinding, deadlineOf, evaluateInPage, passedWhereClean } from './keyboard-layout-support.js'
import type { PageCheck } from './page-check.js'

/** At most this many hover triggers are tried per page. */
export const MAX_HOVER_TRIGGERS = 5

/**
 * Content on hover: the style sheets tell which elements show hidden content when hovered (a rule such as
 * `li:hover > ul { display: block }`). For each (at most MAX_HOVER_TRIGGERS), the pointer hovers it; when
 * content appears, the pointer moves onto that content, which must stay (hoverable, 1.4.13); then the
 * pointer leaves and the element takes keyboard focus, which must show the same content (keyboard, 2.1.1:
 * what a pointer can reach, a keyboard must too). An element the keyboard cannot reach whose content has no
 * controls is for review (it may repeat what the page says elsewhere). Content shown by scripts on
 * mouseenter is not found; dismissing with Escape is not tested.
 */
export const hoverContentCheck: PageCheck = {
  id: 'canopy-hover-content',
  criteria: ['1.4.13', '2.1.1'],
  title: 'Content shown on hover must stay under the pointer and also show on keyboard focus',
  description:
    'Hovers the elements whose hover shows hidden content, moves the pointer onto that content, then ' +
    'focuses the element with the keyboard: the content must stay while hovered and must also appear on focus.',
  changesPage: true,
  async run(page, context) {
    const deadline = deadlineOf(context.timeoutMs)
    const selectors = await evaluateInPage(page, collectHoverSelectors, undefined)
    const triggers = await evaluateInPage(page, findHoverTriggers, { selectors, limit: MAX_HOVER_TRIGGERS })
    const findings: Finding[] = []
    let tried = 0
    try {
      for (const [index, trigger] of triggers.entries()) {
        if (deadline.passed()) break
        const tested = await tryTrigger(page, index, trigger)
        if (tested) tried++
        findings.push(...(tested ?? []))
      }
    } finally {
      await page.mouse.move(0, 0)
      await evaluateInPage(page, endHover, undefined)
    }
    return passedWhereClean(hoverContentCheck, tried > 0 ? ['1.4.13', '2.1.1'] : [], findings)
  },
}

/** Hovers, moves onto, leaves and focuses one trigger; null when hovering it showed nothing. */
async function tryTrigger(page: Page, index: number, trigger: FindingElement): Promise<Finding[] | null> {
  const centre = await evaluateInPage(page, placeTrigger, index)
  if (!centre) return null
  await page.mouse.move(centre.x, centre.y)
  const hovered = await evaluateInPage(page, readHover, index)
  if (!hovered.shown) return null
  const findings: Finding[] = []
  if (hovered.at) {
    await page.mouse.move(hovered.at.x, hovered.at.y, { steps: 4 })
    const onContent = await evaluateInPage(page, readHover, index)
    if (!onContent.shown) findings.push(notHoverable(trigger, hovered.text))
  }
  const viewport = page.viewportSize() ?? { width: 1280, height: 900 }
  await page.mouse.move(
    centre.x < viewport.width / 2 ? viewport.width - 1 : 0,
    centre.y < viewport.height / 2 ? viewport.height - 1 : 0,
  )
  // a key press first, so that focus from a script counts as keyboard focus (:focus-visible) as a Tab would
  await page.keyboard.press('Shift')
  const focused = await evaluateInPage(page, focusReveals, index)
  if (focused.result !== 'shown') findings.push(notOnFocus(trigger, hovered.text, focused))
  return findings
}

function notHoverable(trigger: FindingElement, text: string): Finding {
  return canopyFinding(hoverContentCheck, {
    outcome: 'failed',
    criteria: ['1.4.13'],
    title: 'Content shown on hover must stay while the pointer moves onto it',
    element: trigger,
    message: `Hovering this element shows "${text}", which disappears when the pointer moves onto it: keep it shown while the pointer is over the trigger or the content (no gap between them).`,
  })
}

function notOnFocus(
  trigger: FindingElement,
  text: string,
  focused: ReturnType<typeof focusReveals>,
): Finding {
  const unsure = focused.result === 'unfocusable' && !focused.controls
  const reach =
    focused.result === 'unfocusable'
      ? 'the keyboard cannot reach this element'
      : 'keyboard focus on it does not show it'
  return canopyFinding(hoverContentCheck, {
    outcome: unsure ? 'review' : 'failed',
    criteria: ['2.1.1'],
    title: 'Content shown on hover must also show on keyboard focus',
    element: trigger,
    message: unsure
      ? `Hovering this element shows "${text}", but ${reach}: check that keyboard users get the same information another way.`
      : `Hovering this element shows "${text}", but ${reach}: show it on focus too (:focus-within next to :hover).`,
  })
}
