import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import {
  accessibilitySettingsOf,
  type CategoryResult,
  DEFAULT_ENGINES,
  DEFAULT_WCAG_TARGET,
  type EngineId,
  type WcagTarget,
} from '@canopy/contracts'
import { ARTIFACT_FILES } from '@canopy/db'
import type { Page } from 'playwright-core'
import { AXE_SOURCE } from '../audits/axe/axe.js'
import { withCheckActRules } from '../audits/checks/act-rules.js'
import { CONTENT_STRUCTURE_CHECKS } from '../audits/checks/content-structure.js'
import { KEYBOARD_LAYOUT_CHECKS } from '../audits/checks/keyboard-layout.js'
import type { PageCheck } from '../audits/checks/page-check.js'
import { runAxe } from '../audits/engines/axe-findings.js'
import {
  accessibilityResult,
  type CombinedAudit,
  type CombinedNode,
  combineFindings,
} from '../audits/engines/combine.js'
import { applyDemotions } from '../audits/engines/demotions.js'
import { ELEMENT_KEYS_SOURCE } from '../audits/engines/element-keys.js'
import { EQUAL_ACCESS_SOURCE, runEqualAccess } from '../audits/engines/equal-access.js'
import type { Finding } from '../audits/engines/finding.js'
import { withTimeout } from '../browser/shared-browser.js'

/**
 * A page's accessibility audit: every engine the site runs, in the page load the rest of the pipeline reads,
 * combined into one issue per barrier and judged against the site's WCAG target.
 *
 * Order: the engines read the page as loaded; Canopy's checks that only read come next; the checks that
 * change the page (keyboard, viewport, styles) run last, after everything else has read it, and each puts
 * the page back. A check that throws or overruns its time is logged and left out: the page is not failed
 * for it.
 */
export interface AccessibilityOptions {
  target: WcagTarget
  engines: readonly EngineId[]
  /** each engine's run in the page */
  engineTimeoutMs: number
  /** each of Canopy's checks */
  checkTimeoutMs: number
}

export const DEFAULT_ACCESSIBILITY: AccessibilityOptions = {
  target: DEFAULT_WCAG_TARGET,
  engines: DEFAULT_ENGINES,
  engineTimeoutMs: 60_000,
  checkTimeoutMs: 5_000,
}

/** The site's WCAG target and engines as the page audit takes them. */
export function accessibilityOptionsOf(
  site: Parameters<typeof accessibilitySettingsOf>[0],
): Partial<AccessibilityOptions> {
  const settings = accessibilitySettingsOf(site)
  return { target: settings.wcagTarget, engines: settings.engines }
}

export const CANOPY_CHECKS: readonly PageCheck[] = [...CONTENT_STRUCTURE_CHECKS, ...KEYBOARD_LAYOUT_CHECKS]

/** The scripts preloaded into every page before it loads: element keys first, then each engine's bundle. */
export function accessibilityInitScripts(engines: readonly EngineId[]): string[] {
  const scripts = [ELEMENT_KEYS_SOURCE, AXE_SOURCE]
  if (engines.includes('equal-access')) scripts.push(EQUAL_ACCESS_SOURCE)
  return scripts
}

type Lap = (step: string) => void
type CheckLog = (check: string, error: unknown) => void

/** The engines' findings and those of the checks that only read the page. */
export async function readAccessibility(
  page: Page,
  options: AccessibilityOptions,
  lap: Lap,
  log: CheckLog,
): Promise<Finding[]> {
  const findings = await runAxe(page, { timeoutMs: options.engineTimeoutMs })
  lap('axe')
  if (options.engines.includes('equal-access')) {
    findings.push(...(await runEqualAccess(page, { timeoutMs: options.engineTimeoutMs })))
    lap('equalAccess')
  }
  if (options.engines.includes('canopy')) {
    findings.push(...(await runChecks(page, readingChecks(), options, log)))
    lap('canopyChecks')
  }
  return findings
}

/** The findings of the checks that change the page; run after everything else has read it. */
export async function changePageAccessibility(
  page: Page,
  options: AccessibilityOptions,
  lap: Lap,
  log: CheckLog,
): Promise<Finding[]> {
  if (!options.engines.includes('canopy')) return []
  const findings = await runChecks(page, changingChecks(), options, log)
  lap('canopyPageChecks')
  return findings
}

const readingChecks = () => CANOPY_CHECKS.filter((check) => !check.changesPage)
const changingChecks = () => CANOPY_CHECKS.filter((check) => check.changesPage)

/**
 * Runs the checks one after the other on the page, each within its time; their findings carry ACT rule ids,
 * and the failures of demoted checks (engines/demotions.ts) are reviews unless `demote` is false.
 */
export async function runChecks(
  page: Page,
  checks: readonly PageCheck[],
  options: Pick<AccessibilityOptions, 'checkTimeoutMs'> & { demote?: boolean },
  log: CheckLog,
): Promise<Finding[]> {
  const viewport = page.viewportSize() ?? { width: 1280, height: 900 }
  const findings: Finding[] = []
  for (const check of checks) {
    const timeoutMs = options.checkTimeoutMs * (check.timeShares ?? 1)
    try {
      findings.push(
        ...(await withTimeout(check.run(page, { viewport, timeoutMs }), timeoutMs + 1_000, check.id)),
      )
    } catch (error) {
      log(check.id, error)
    }
  }
  const named = findings.map(withCheckActRules)
  return options.demote === false ? named : applyDemotions(named)
}

/** Failing elements photographed per issue, at most. */
const ELEMENT_SCREENSHOTS_PER_AUDIT = 3
/** One element screenshot's wait (visible, stable, scrolled into view) on a busy machine. */
const ELEMENT_SCREENSHOT_TIMEOUT_MS = 5_000
/** All element screenshots of one page together; what is left after it goes without a picture. */
const ELEMENT_SCREENSHOTS_DEADLINE_MS = 20_000

export interface ScreenshotOptions {
  artifactsDir?: string
  artifactsRoot?: string
  maxElementScreenshots?: number
}

/** Combines the findings, photographs failing and to-review elements, and judges the result. */
export async function accessibilityOf(
  page: Page,
  findings: readonly Finding[],
  target: WcagTarget,
  options: ScreenshotOptions,
): Promise<CategoryResult> {
  const audits = combineFindings(findings)
  await screenshotListedNodes(page, audits, options)
  return accessibilityResult(audits, target)
}

/**
 * The listed nodes in the order they are photographed: every issue's first node before any issue's second,
 * so that the budget gives each issue a picture before it gives one issue several.
 */
function nodesInScreenshotOrder(audits: readonly CombinedAudit[]): CombinedNode[] {
  const listed = audits.filter((audit) => audit.outcome === 'failed' || audit.outcome === 'manual')
  const ordered: CombinedNode[] = []
  for (let round = 0; round < ELEMENT_SCREENSHOTS_PER_AUDIT; round++) {
    for (const audit of listed) {
      const node = audit.nodes[round]
      if (node?.selector) ordered.push(node)
    }
  }
  return ordered
}

/** Element screenshots within a count and a time budget; a miss is not an error. */
async function screenshotListedNodes(
  page: Page,
  audits: readonly CombinedAudit[],
  options: ScreenshotOptions,
): Promise<void> {
  const { artifactsDir } = options
  if (!artifactsDir) return
  await mkdir(artifactsDir, { recursive: true })
  const deadline = Date.now() + ELEMENT_SCREENSHOTS_DEADLINE_MS
  const nodes = nodesInScreenshotOrder(audits).slice(0, options.maxElementScreenshots ?? 20)
  for (const [index, node] of nodes.entries()) {
    const timeout = Math.min(ELEMENT_SCREENSHOT_TIMEOUT_MS, deadline - Date.now())
    if (timeout <= 0) break
    const file = path.join(artifactsDir, ARTIFACT_FILES.elementScreenshot(index))
    if (await screenshotElement(page, node.selector, file, timeout))
      node.screenshotPath = options.artifactsRoot ? path.relative(options.artifactsRoot, file) : file
  }
}

/** Whether the element could be photographed into `file`: hidden or zero-size elements cannot. */
async function screenshotElement(page: Page, selector: string, file: string, timeout: number) {
  try {
    const element = page.locator(selector).first()
    // A hidden element would make screenshot() wait for its whole timeout.
    if (!(await element.isVisible())) return false
    await element.screenshot({ path: file, timeout, animations: 'disabled', caret: 'hide' })
    return true
  } catch {
    return false
  }
}
