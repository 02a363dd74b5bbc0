import axe from 'axe-core'

/**
 * Runs axe with the WCAG 2.2 AA tag set the product is held to. jsdom cannot compute colours or
 * layout, so contrast is left to the end-to-end run in Chromium.
 */
export async function findAxeViolations(context: Element = document.body) {
  const results = await axe.run(context, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    rules: { 'color-contrast': { enabled: false } },
  })
  return results.violations.map((violation) => ({
    id: violation.id,
    help: violation.help,
    nodes: violation.nodes.map((node) => node.html),
  }))
}
