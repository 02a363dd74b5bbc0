import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { withTimeout } from '../../browser/shared-browser.js'
import {
  AXE_TAGS,
  type AxeNode,
  type AxeResults,
  type AxeRuleResult,
  wcagCriteriaOfTags,
} from '../axe/axe.js'
import { AXE_ACT_SUPPLEMENT } from './act-supplements.js'
import { applyDemotions } from './demotions.js'
import type { Finding, FindingElement, FindingOutcome } from './finding.js'

const require = createRequire(import.meta.url)

/**
 * The ACT rules each axe rule implements, read once from axe's own rule metadata in Node (axe.getRules()
 * needs no page): the page run stays as it is, and no page pays for it. Those the metadata leaves out are
 * added from AXE_ACT_SUPPLEMENT.
 */
export const AXE_ACT_RULES: ReadonlyMap<string, string[]> = new Map(
  (require('axe-core') as { getRules(): { ruleId: string; actIds?: string[] }[] })
    .getRules()
    .map((rule) => [rule.ruleId, [...(rule.actIds ?? []), ...(AXE_ACT_SUPPLEMENT[rule.ruleId] ?? [])]]),
)

/** An axe node with the element its target names, described in the page (element-keys.ts). */
export type AxeNodeWithElement = AxeNode & { element?: FindingElement | null }
export type AxeResultsWithElements = Omit<AxeResults, 'violations' | 'incomplete' | 'passes'> & {
  violations: (AxeRuleResult & { nodes: AxeNodeWithElement[] })[]
  incomplete: (AxeRuleResult & { nodes: AxeNodeWithElement[] })[]
  passes: AxeRuleResult[]
}

function nodeMessage(node: AxeNode): string {
  if (node.failureSummary) return node.failureSummary
  const messages = [...(node.any ?? []), ...(node.all ?? []), ...(node.none ?? [])].map(
    (check) => check.message,
  )
  return messages.join('\n')
}

function findingOf(rule: AxeRuleResult, outcome: FindingOutcome, node: AxeNodeWithElement | null): Finding {
  return {
    engine: 'axe',
    ruleId: rule.id,
    outcome,
    // best-practice rules carry no wcagNNN tag: no criterion
    criteria: wcagCriteriaOfTags(rule.tags),
    actRules: AXE_ACT_RULES.get(rule.id) ?? [],
    title: rule.help,
    description: rule.description,
    helpUrl: rule.helpUrl,
    element: node?.element ?? null,
    message: node ? nodeMessage(node) : '',
  }
}

/**
 * axe's results as findings: a violation's node → failed, an incomplete node → review (axe could not
 * decide), a rule that passed with no violation or incomplete node → one passed finding with no element, and
 * a rule with nothing to test on the page → one inapplicable finding.
 */
export function axeFindings(results: AxeResultsWithElements): Finding[] {
  const failed = results.violations.flatMap((rule) =>
    rule.nodes.map((node) => findingOf(rule, 'failed', node)),
  )
  const review = results.incomplete.flatMap((rule) =>
    rule.nodes.map((node) => findingOf(rule, 'review', node)),
  )
  const undecided = new Set([...results.violations, ...results.incomplete].map((rule) => rule.id))
  const passed = results.passes
    .filter((rule) => !undecided.has(rule.id))
    .map((rule) => findingOf(rule, 'passed', null))
  const inapplicable = results.inapplicable
    .filter((rule) => !undecided.has(rule.id))
    .map((rule) => findingOf(rule, 'inapplicable', null))
  return [...failed, ...review, ...passed, ...inapplicable]
}

/**
 * Runs in the page (a string, so the worker's TypeScript needs no DOM library): axe (preloaded with
 * AXE_SOURCE) over the document, then every failing or undecided node's target resolved to its element and
 * described with the preloaded element keys, in this one evaluation. A target is a list of selectors, one per
 * document from the top frame down to the element's (iframes); a step that is itself a list goes down through
 * shadow roots, its last selector naming the element.
 */
const runAxeInPage = (tags: readonly string[]) => `(async () => {
  const find = (root, selector) => {
    try { return root ? root.querySelector(selector) : null; } catch { return null; }
  };
  const resolve = (target) => {
    let root = document;
    let element = null;
    target.forEach((step, index) => {
      if (index > 0) root = element ? element.contentDocument : null;
      element = null;
      (Array.isArray(step) ? step : [step]).forEach((selector, depth) => {
        if (depth > 0) root = element ? element.shadowRoot : null;
        element = find(root, String(selector));
      });
    });
    return element;
  };
  const results = await window.axe.run(document, {
    runOnly: { type: 'tag', values: ${JSON.stringify(tags)} },
    resultTypes: ['violations', 'incomplete'],
  });
  for (const rule of [...results.violations, ...results.incomplete])
    for (const node of rule.nodes) node.element = window.__canopyKeys.describe(resolve(node.target));
  return results;
})()`

export interface EngineRunOptions {
  /** how long the engine may take on the page */
  timeoutMs: number
  /** report the failures of demoted rules (demotions.ts) as reviews; default true */
  demote?: boolean
}

/** axe over the loaded page (AXE_SOURCE and ELEMENT_KEYS_SOURCE preloaded) as findings. */
export async function runAxe(page: Page, options: EngineRunOptions): Promise<Finding[]> {
  const results = (await withTimeout(
    page.evaluate(runAxeInPage(AXE_TAGS)),
    options.timeoutMs,
    'axe',
  )) as AxeResultsWithElements
  const findings = axeFindings(results)
  return options.demote === false ? findings : applyDemotions(findings)
}
