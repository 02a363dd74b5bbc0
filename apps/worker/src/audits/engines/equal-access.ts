import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { withTimeout } from '../../browser/shared-browser.js'
import { EQUAL_ACCESS_SUPPLEMENTED_ACT_RULES, equalAccessActSupplement } from './act-supplements.js'
import type { EngineRunOptions } from './axe-findings.js'
import { applyDemotions } from './demotions.js'
import type { Finding, FindingElement, FindingOutcome } from './finding.js'

const require = createRequire(import.meta.url)

/**
 * IBM Equal Access' browser engine (accessibility-checker-engine's ace.js), to preload into every page with
 * addInitScript like AXE_SOURCE. Wrapped in a function so that its global `ace` stays out of the page (the Ace
 * code editor is also `window.ace`): the engine is reachable as `window.__canopyAce` only.
 */
export const EQUAL_ACCESS_SOURCE: string = `(() => {
${readFileSync(require.resolve('accessibility-checker-engine/ace.js'), 'utf8')}
;if (!window.__canopyAce) Object.defineProperty(window, '__canopyAce', { value: ace, enumerable: false });
})();`

/** The guideline the engine checks against: IBM's requirements, a superset of WCAG 2.2 A and AA. */
export const EQUAL_ACCESS_GUIDELINE = 'IBM_Accessibility'
/** The guideline whose levels decide what counts as a WCAG failure and what as a best practice. */
const WCAG_GUIDELINE = 'WCAG_2_2'

type Policy = 'VIOLATION' | 'RECOMMENDATION' | 'INFORMATION'
type Confidence = 'PASS' | 'FAIL' | 'POTENTIAL' | 'MANUAL'
type ActOutcome = 'pass' | 'fail' | 'cantTell' | 'inapplicable'

/** One result of the engine's report, as the page returns it (element described with the element keys). */
export interface EqualAccessResult {
  ruleId: string
  reasonId: string | number
  value: [Policy, Confidence]
  message: string
  /** the values the message was made from (attribute names, roles), as the engine gives them */
  messageArgs?: unknown[]
  snippet: string
  path: { dom: string }
  element?: FindingElement | null
}

/** The parts of an engine rule's metadata we read (v4/api/IRule.d.ts of the package). */
export interface EqualAccessRule {
  id: string
  rulesets: { id: string | string[]; num: string | string[]; level: Policy; reasonCodes?: string[] }[]
  act?: string | (string | Record<string, Record<string, ActOutcome>>)[]
  messages: Record<string, Record<string, string>>
}

interface RuleCatalogue {
  ruleIds(): string[]
  rule(ruleId: string): EqualAccessRule | undefined
  helpUrl(ruleId: string, reasonId: string | number): string
}

let catalogue: RuleCatalogue | undefined
/** The engine's rule metadata, read once in Node from the package's Node build (no page needed). */
export function equalAccessRules(): RuleCatalogue {
  if (catalogue) return catalogue
  const ace = require('accessibility-checker-engine/ace-node') as {
    Checker: new () => {
      engine: {
        getRulesIds(): string[]
        getRule(id: string): EqualAccessRule | undefined
        getHelp(id: string, reason: string | number): string
      }
    }
  }
  const { engine } = new ace.Checker()
  catalogue = {
    ruleIds: () => engine.getRulesIds(),
    rule: (ruleId) => engine.getRule(ruleId),
    helpUrl: (ruleId, reasonId) => engine.getHelp(ruleId, reasonId) ?? '',
  }
  return catalogue
}

const asList = (value: string | string[]) => (Array.isArray(value) ? value : [value])

/**
 * The WCAG criteria a result fails: the criteria of the rule's WCAG 2.2 ruleset entry that covers the result's
 * reason, when that entry is a violation. A recommendation, or a rule outside WCAG (IBM's own 'ARIA' and 'HTML'
 * requirements), is a best practice: no criterion.
 */
export function equalAccessCriteria(rule: EqualAccessRule | undefined, reasonId: string | number): string[] {
  const entry = rule?.rulesets.find(
    (ruleset) =>
      asList(ruleset.id).includes(WCAG_GUIDELINE) &&
      (!ruleset.reasonCodes || ruleset.reasonCodes.includes(String(reasonId))),
  )
  if (entry?.level !== 'VIOLATION') return []
  return asList(entry.num).filter((num) => /^\d\.\d\.\d+$/.test(num))
}

const ACT_OUTCOMES: Record<FindingOutcome, ActOutcome[]> = {
  failed: ['fail', 'cantTell'],
  review: ['fail', 'cantTell'],
  passed: ['pass'],
  inapplicable: ['inapplicable'],
}

/**
 * The ACT rules a result speaks for. A rule mapped by a plain id implements that ACT rule as a whole; a rule
 * mapped reason by reason speaks for it only when the result's reason gives the matching ACT outcome (its
 * other reasons are inapplicable to that ACT rule).
 */
export function equalAccessActRules(
  rule: EqualAccessRule | undefined,
  reasonId: string | number,
  outcome: FindingOutcome,
): string[] {
  const act = rule?.act
  if (!act) return []
  const ids: string[] = []
  for (const mapping of typeof act === 'string' ? [act] : act) {
    if (typeof mapping === 'string') ids.push(mapping)
    else
      for (const [actId, reasons] of Object.entries(mapping)) {
        const actOutcome = reasons[String(reasonId)]
        if (actOutcome && ACT_OUTCOMES[outcome].includes(actOutcome)) ids.push(actId)
      }
  }
  return ids
}

/** Every ACT rule some Equal Access rule implements, for any of its reasons. */
export function equalAccessActRuleIds(rules: RuleCatalogue = equalAccessRules()): Set<string> {
  const ids = new Set<string>(EQUAL_ACCESS_SUPPLEMENTED_ACT_RULES)
  for (const ruleId of rules.ruleIds()) {
    const act = rules.rule(ruleId)?.act ?? []
    for (const mapping of typeof act === 'string' ? [act] : act)
      for (const id of typeof mapping === 'string' ? [mapping] : Object.keys(mapping)) ids.add(id)
  }
  return ids
}

/** FAIL → failed; POTENTIAL and MANUAL → review (the engine could not decide); PASS → passed. */
const OUTCOMES: Record<Confidence, FindingOutcome> = {
  FAIL: 'failed',
  POTENTIAL: 'review',
  MANUAL: 'review',
  PASS: 'passed',
}

function findingOf(result: EqualAccessResult, outcome: FindingOutcome, rules: RuleCatalogue): Finding {
  const rule = rules.rule(result.ruleId)
  const title = rule?.messages['en-US']?.group ?? rule?.messages['en-US']?.['0'] ?? result.ruleId
  return {
    engine: 'equal-access',
    ruleId: result.ruleId,
    outcome,
    criteria: equalAccessCriteria(rule, result.reasonId),
    actRules: [
      ...equalAccessActRules(rule, result.reasonId, outcome),
      ...(outcome === 'passed' ? [] : equalAccessActSupplement(result)),
    ],
    title,
    description: title,
    helpUrl: rules.helpUrl(result.ruleId, result.reasonId),
    element: outcome === 'passed' ? null : (result.element ?? null),
    message: outcome === 'passed' ? '' : result.message,
  }
}

/**
 * The engine's results as findings: a failure or an undecided result per element, and one passed finding per
 * rule that neither failed nor stayed undecided anywhere on the page. Informational results are left out.
 */
export function equalAccessFindings(
  results: EqualAccessResult[],
  rules: RuleCatalogue = equalAccessRules(),
): Finding[] {
  const reported = results.filter((result) => result.value[0] !== 'INFORMATION')
  const decided = reported.filter((result) => result.value[1] !== 'PASS')
  const undecided = new Set(decided.map((result) => result.ruleId))
  const passedRules = new Map<string, EqualAccessResult>()
  for (const result of reported) {
    if (result.value[1] === 'PASS' && !undecided.has(result.ruleId)) passedRules.set(result.ruleId, result)
  }
  return [
    ...decided.map((result) => findingOf(result, OUTCOMES[result.value[1]], rules)),
    ...[...passedRules.values()].map((result) => findingOf(result, 'passed', rules)),
  ]
}

/**
 * Runs in the page (a string, so the worker's TypeScript needs no DOM library): the preloaded engine over the
 * document; each failing or undecided result's element (the engine hands the node over itself, in iframes and
 * shadow roots too) described with the preloaded element keys, in this one evaluation. Only the first pass of
 * each rule comes back, without its element: a page's passes are one per element and rule, and only their rule
 * is kept.
 */
const runEqualAccessInPage = (guideline: string) => `(async () => {
  const report = await new window.__canopyAce.Checker().check(document, [${JSON.stringify(guideline)}]);
  const passed = new Set();
  const kept = report.results.filter((result) => {
    if (result.value[1] !== 'PASS') return true;
    if (passed.has(result.ruleId)) return false;
    passed.add(result.ruleId);
    return true;
  });
  return kept.map((result) => ({
    ruleId: result.ruleId,
    reasonId: result.reasonId,
    value: result.value,
    message: result.message,
    messageArgs: result.messageArgs,
    snippet: result.snippet,
    path: { dom: result.path.dom },
    element: result.value[1] === 'PASS' ? null : window.__canopyKeys.describe(result.node),
  }));
})()`

/** Equal Access over the loaded page (EQUAL_ACCESS_SOURCE and ELEMENT_KEYS_SOURCE preloaded) as findings. */
export async function runEqualAccess(page: Page, options: EngineRunOptions): Promise<Finding[]> {
  const results = (await withTimeout(
    page.evaluate(runEqualAccessInPage(EQUAL_ACCESS_GUIDELINE)),
    options.timeoutMs,
    'Equal Access',
  )) as EqualAccessResult[]
  const findings = equalAccessFindings(results)
  return options.demote === false ? findings : applyDemotions(findings)
}
