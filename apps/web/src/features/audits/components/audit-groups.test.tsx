import type { Audit, AuditGroups as AuditGroupsData } from '@canopy/contracts'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { findAxeViolations } from '@/testing/axe'
import { axeRuleToAudit, must, readAxe, readLighthouse, toAudit } from '../testing/tool-output'
import { AuditGroups } from './audit-groups'

const heavy = readLighthouse('heavy.desktop.default.json')

/** Lighthouse's own outcome of each audit decides its group, as the worker files them. */
function groupLighthouse(auditIds: string[]): AuditGroupsData {
  const groups: AuditGroupsData = { failed: [], manual: [], passed: [], notApplicable: [] }
  for (const id of auditIds) {
    const audit = heavy.audits[id]
    if (!audit) throw new Error(`${id} missing`)
    const mapped: Audit = toAudit(heavy, id)
    if (audit.scoreDisplayMode === 'manual') groups.manual.push({ ...mapped, issueLevel: 'Manual' })
    else if (audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'informative')
      groups.notApplicable.push(mapped)
    else if ((audit.score ?? 0) >= 0.9) groups.passed.push(mapped)
    else groups.failed.push(mapped)
  }
  return groups
}

const PERFORMANCE_AUDITS = ['layout-shifts', 'server-response-time', 'network-requests', 'resource-summary']

describe('audit groups', () => {
  it('shows Failed, Manual, Passed and Not applicable with only Failed open, each audit a disclosure', async () => {
    const events = userEvent.setup()
    const axe = readAxe('axe.json')
    const audits: AuditGroupsData = {
      failed: axe.violations.slice(0, 3).map(axeRuleToAudit),
      manual: [
        {
          ...axeRuleToAudit(must(axe.violations[3])),
          id: 'manual-check',
          issueLevel: 'Manual',
          details: null,
        },
      ],
      passed: [{ ...axeRuleToAudit(must(axe.violations[4])), id: 'passed-check', score: 1, details: null }],
      notApplicable: [
        { ...axeRuleToAudit(must(axe.violations[5])), id: 'na-check', score: null, details: null },
      ],
    }
    render(
      <main>
        <AuditGroups audits={audits} />
      </main>,
    )
    const triggers = ['Failed', 'Manual', 'Passed', 'Not applicable'].map((name) =>
      screen.getByRole('button', { name: new RegExp(`^${name} \\d+$`) }),
    )
    expect(triggers.map((trigger) => trigger.getAttribute('aria-expanded'))).toEqual([
      'true',
      'false',
      'false',
      'false',
    ])
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Failed 3',
      'Manual 1',
      'Passed 1',
      'Not applicable 1',
    ])
    expect(screen.queryByText('Well done')).not.toBeInTheDocument()
    const first = must(axe.violations[0])
    const audit = screen.getByRole('button', {
      name: new RegExp(first.help.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    })
    expect(audit).toHaveAttribute('aria-expanded', 'false')
    await events.click(audit)
    expect(audit).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByRole('link', { name: /Learn more/ })).toHaveAttribute('href', first.helpUrl)
    expect(screen.getAllByText(must(first.nodes[0]).html.trim()).length).toBeGreaterThan(0)
    expect(await findAxeViolations()).toEqual([])
  })

  it("says 'Well done / All of your audits have passed' when nothing failed", async () => {
    render(
      <main>
        <AuditGroups audits={groupLighthouse(['server-response-time', 'resource-summary'])} />
      </main>,
    )
    expect(screen.getByRole('status')).toHaveTextContent('Well doneAll of your audits have passed')
    expect(screen.queryByRole('button', { name: /^Failed/ })).not.toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
  })

  it('names the performance groups Opportunities, Manual checks, Diagnostics and Passed audits', async () => {
    const audits = groupLighthouse(PERFORMANCE_AUDITS)
    audits.manual.push({ ...toAudit(heavy, 'layout-shifts'), id: 'manual-copy', issueLevel: 'Manual' })
    const onHighlightNode = vi.fn()
    const events = userEvent.setup()
    render(
      <main>
        <AuditGroups audits={audits} kind="performance" onHighlightNode={onHighlightNode} />
      </main>,
    )
    const names = screen
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent?.replace(/ \d+$/, ''))
    expect(names).toEqual(
      ['Opportunities', 'Manual checks', 'Diagnostics', 'Passed audits'].filter((name) =>
        name === 'Opportunities'
          ? audits.failed.length > 0
          : name === 'Passed audits'
            ? audits.passed.length > 0
            : true,
      ),
    )
    // A node in an open audit can be sent to the page renderer.
    const opportunities = screen.getByRole('button', { name: /^Opportunities/ })
    expect(opportunities).toHaveAttribute('aria-expanded', 'true')
    const shift = within(must(screen.getAllByRole('heading', { level: 4 })[0])).getByRole('button')
    await events.click(shift)
    await events.click(must(screen.getAllByRole('button', { name: /^Highlight on page/ })[0]))
    expect(onHighlightNode).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'node', selector: 'body > img' }),
    )
    expect(await findAxeViolations()).toEqual([])
  })
})

describe('audit groups against a WCAG target', () => {
  it('counts only failures of the target: advice alone is "Well done", kept in its own group; manual results need review', async () => {
    const axe = readAxe('axe.json')
    const region = axeRuleToAudit(must(axe.violations.find((rule) => rule.id === 'region')))
    const contrast = axeRuleToAudit(must(axe.violations.find((rule) => rule.id === 'color-contrast')))
    const audits: AuditGroupsData = {
      failed: [{ ...region, wcag: [], engines: ['axe'], conformance: 'advice' }],
      manual: [{ ...contrast, issueLevel: 'Manual', wcag: ['1.4.3', '9.9.9'], engines: ['equal-access'] }],
      passed: [],
      notApplicable: [],
    }
    render(
      <main>
        <AuditGroups audits={audits} wcagTarget={{ version: '2.1', level: 'A' }} />
      </main>,
    )
    expect(screen.getByText('Well done')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Failures of WCAG 2.1 A/ })).toBeNull()
    const advice = screen.getByRole('button', { name: 'Advice 1' })
    expect(advice).toHaveAttribute('aria-expanded', 'false')
    const review = screen.getByRole('button', { name: 'Needs review 1' })
    expect(review).toHaveAttribute('aria-expanded', 'true')
    await userEvent.click(screen.getByRole('button', { name: /Elements must meet minimum color contrast/ }))
    expect(screen.getByRole('link', { name: /1\.4\.3 Contrast \(Minimum\)/ })).toHaveAttribute(
      'href',
      'https://www.w3.org/WAI/WCAG22/Understanding/contrast-minimum.html',
    )
    // an id WCAG does not have is shown as given, not linked
    expect(screen.getByText('9.9.9')).toBeInTheDocument()
    expect(screen.getByText('Found by IBM Equal Access')).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
  })
})
