import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { findAxeViolations } from '@/testing/axe'
import type { Json } from '../details'
import {
  axeRuleToAudit,
  type LighthouseResult,
  lighthouseDetails,
  must,
  readAxe,
  readLighthouse,
} from '../testing/tool-output'
import { AuditDetails } from './audit-details'
import { AuditRendererProvider } from './audit-renderer-context'

const heavy = readLighthouse('heavy.desktop.default.json')

function renderDetails(lhr: LighthouseResult, auditId: string) {
  const details = lighthouseDetails(lhr, auditId) as Json
  const result = render(
    <AuditRendererProvider value={{ fullPageScreenshot: lhr.fullPageScreenshot }}>
      <main>
        <AuditDetails details={details} label={lhr.audits[auditId]?.title} />
      </main>
    </AuditRendererProvider>,
  )
  return { ...result, details: details as Record<string, unknown> }
}

function items(details: Record<string, unknown>): Record<string, unknown>[] {
  return details.items as Record<string, unknown>[]
}

describe(`audit renderer on real Lighthouse ${heavy.lighthouseVersion} output`, () => {
  it('draws a table with its headings, byte and ms columns by granularity and display unit, and entities', async () => {
    const { details } = renderDetails(heavy, 'network-requests')
    const table = screen.getByRole('table')
    for (const label of ['URL', 'Protocol', 'Network Request Time', 'Transfer Size', 'Status Code']) {
      expect(within(table).getByRole('columnheader', { name: label })).toBeInTheDocument()
    }
    const rows = items(details)
    const first = rows[0] as { url: string; transferSize: number; networkEndTime: number; entity: string }
    // displayUnit kb, granularity 1: whole KiB; ms with granularity 1: whole milliseconds
    expect(
      within(table).getAllByText(`${Math.round(first.transferSize / 1024).toLocaleString('en-GB')} KiB`)
        .length,
    ).toBeGreaterThan(0)
    expect(
      within(table).getAllByText(`${Math.round(first.networkEndTime).toLocaleString('en-GB')} ms`).length,
    ).toBeGreaterThan(0)
    const entities = new Set(rows.map((row) => row.entity).filter(Boolean))
    for (const entity of entities) {
      expect(within(table).getByRole('rowheader', { name: String(entity) })).toBeInTheDocument()
    }
    expect(within(table).getAllByRole('link', { name: /heavy\.html/ })[0]).toHaveAttribute('href', first.url)
    expect(await findAxeViolations()).toEqual([])
  })

  it('draws an opportunity table with its time column', async () => {
    const { details } = renderDetails(heavy, 'server-response-time')
    const row = items(details)[0] as { responseTime: number }
    expect(screen.getByRole('columnheader', { name: 'Time Spent' })).toBeInTheDocument()
    expect(screen.getByText(`${Math.round(row.responseTime / 10) * 10} ms`)).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
  })

  it('draws sub-item rows under their item, with the sub-heading value types (node, text)', async () => {
    const { details } = renderDetails(heavy, 'layout-shifts')
    const item = items(details)[0] as { subItems: { items: { cause?: string }[] } }
    const table = screen.getByRole('table')
    const rowCount = items(details).reduce(
      (count, row) => count + 1 + ((row.subItems as { items: unknown[] } | undefined)?.items.length ?? 0),
      1,
    )
    expect(within(table).getAllByRole('row')).toHaveLength(rowCount)
    const cause = item.subItems.items.find((sub) => sub.cause)?.cause
    if (cause) expect(within(table).getAllByText(cause).length).toBeGreaterThan(0)
    expect(await findAxeViolations()).toEqual([])
  })

  it('draws source locations as url:line:column and code cells as code', async () => {
    const { details } = renderDetails(heavy, 'errors-in-console')
    const row = items(details)[0] as {
      description: string
      sourceLocation: { url: string; line: number; column: number }
    }
    const where = `${new URL(row.sourceLocation.url).pathname}:${row.sourceLocation.line + 1}:${row.sourceLocation.column}`
    expect(
      screen.getByRole('link', { name: new RegExp(where.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }),
    ).toHaveAttribute('href', row.sourceLocation.url)
    expect(screen.getByText(row.description).tagName).toBe('CODE')
    expect(await findAxeViolations()).toEqual([])
  })

  it('draws link values and link sub-items, live for https', async () => {
    const { details } = renderDetails(heavy, 'deprecations')
    const link = (items(details)[0] as { subItems: { items: { text: string; url: string }[] } }).subItems
      .items[0]
    expect(link).toBeDefined()
    expect(screen.getAllByRole('link', { name: new RegExp(link?.text ?? '') })[0]).toHaveAttribute(
      'href',
      link?.url,
    )
    expect(await findAxeViolations()).toEqual([])
  })

  it('draws numeric columns with their granularity, and text columns', async () => {
    const { details } = renderDetails(heavy, 'resource-summary')
    const total = items(details)[0] as { label: string; requestCount: number }
    const row = screen.getByRole('row', { name: new RegExp(`^${total.label}`) })
    expect(within(row).getByText(String(total.requestCount))).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
  })

  it('draws node values with label, snippet and selector, and a thumbnail cut from the full-page screenshot that opens a lightbox', async () => {
    const events = userEvent.setup()
    const { details } = renderDetails(heavy, 'image-aspect-ratio')
    const node = (items(details)[0] as { node: { selector: string; snippet: string; nodeLabel: string } })
      .node
    expect(screen.getAllByText(node.snippet)[0]?.tagName).toBe('CODE')
    expect(screen.getAllByText(node.selector).length).toBeGreaterThan(0)
    const thumbnail = screen.getAllByRole('button', { name: `Enlarge screenshot of ${node.nodeLabel}` })[0]
    if (!thumbnail) throw new Error('no thumbnail')
    const picture = thumbnail.firstElementChild as HTMLElement
    expect(Number.parseFloat(picture.style.width)).toBeLessThanOrEqual(147)
    expect(Number.parseFloat(picture.style.height)).toBeLessThanOrEqual(100)
    expect(picture.style.backgroundImage).toContain('data:image/')
    expect(await findAxeViolations()).toEqual([])

    await events.click(thumbnail)
    const dialog = await screen.findByRole('dialog', { name: `Screenshot of ${node.nodeLabel}` })
    const large = within(dialog).getByRole('img', { name: `Screenshot of ${node.nodeLabel}` })
    const box = large.firstElementChild as HTMLElement
    expect(Number.parseFloat(box.style.width)).toBeLessThanOrEqual(768)
    expect(Number.parseFloat(box.style.height)).toBeLessThanOrEqual(512)
    expect(await findAxeViolations()).toEqual([])
    await events.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(thumbnail).toHaveFocus())
  })

  it('draws a checklist with each check passed or failed in words', async () => {
    const { details } = renderDetails(heavy, 'document-latency-insight')
    const checks = Object.values(details.items as Record<string, { label: string; value: boolean }>)
    const list = screen.getByRole('list')
    expect(within(list).getAllByRole('listitem')).toHaveLength(checks.length)
    for (const check of checks) {
      expect(within(list).getByText(check.label).closest('li')).toHaveTextContent(
        `${check.value ? 'Passed' : 'Failed'}: ${check.label}`,
      )
    }
    expect(await findAxeViolations()).toEqual([])
  })

  it('draws a filmstrip of frames with their times', async () => {
    const { details } = renderDetails(heavy, 'screenshot-thumbnails')
    const frames = items(details) as { timing: number }[]
    expect(screen.getAllByRole('img')).toHaveLength(frames.length)
    expect(
      screen.getByRole('img', { name: `The page at ${Math.round(must(frames[0]).timing / 10) * 10} ms` }),
    ).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
  })

  it('draws a list of sections: the network tree with its requests, and text sections with their titles', async () => {
    const { details } = renderDetails(heavy, 'network-dependency-tree-insight')
    const sections = items(details) as { title?: string; value: { type: string; value?: string } }[]
    for (const section of sections) {
      if (section.title) expect(screen.getByText(section.title)).toBeInTheDocument()
      if (section.value.type === 'text')
        expect(screen.getByText(section.value.value ?? '')).toBeInTheDocument()
    }
    expect(screen.getByText(/Maximum critical path latency/)).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: /heavy\.html/ }).length).toBeGreaterThan(0)
    expect(await findAxeViolations()).toEqual([])
  })

  it('names a detail type it does not know and shows its raw JSON (Lighthouse 13 baseline-status)', async () => {
    const { details } = renderDetails(heavy, 'baseline')
    const status = (items(details)[0] as { displayStatus: { displayString: string } }).displayStatus
    expect(
      screen.getAllByText("We don't know how to render audit details of type baseline-status")[0],
    ).toBeInTheDocument()
    expect(
      screen.getAllByText(new RegExp(status.displayString.replace(/[()]/g, '.')))[0]?.closest('pre'),
    ).not.toBeNull()
    expect(await findAxeViolations()).toEqual([])
  })

  it('draws nothing for the hidden types', () => {
    for (const auditId of ['final-screenshot', 'script-treemap-data', 'diagnostics']) {
      const { container, unmount } = renderDetails(heavy, auditId)
      expect(container.querySelector('main')).toBeEmptyDOMElement()
      unmount()
    }
  })
})

describe('audit renderer on real Lighthouse 12.8.2 output', () => {
  it('draws a critical request chain (gone from Lighthouse 13) as a tree with times and sizes', async () => {
    const crc = readLighthouse('critical-request-chains.desktop.json', '12.8.2')
    renderDetails(crc, 'critical-request-chains')
    expect(screen.getByText(/Maximum critical path latency: 70 ms/)).toBeInTheDocument()
    const lists = screen.getAllByRole('list')
    expect(
      within(must(lists[0]))
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['http://127.0.0.1:8765/', 'http://127.0.0.1:8765/style.css', 'http://127.0.0.1:8765/app.js'])
    expect(await findAxeViolations()).toEqual([])
  })
})

describe('thumbnail values', () => {
  // No Lighthouse since 10 emits a thumbnail column (index.json missingWhy), so the image URL of a real
  // audit is shown the way older reports stored it.
  it('draw an image for an http(s) URL and plain text otherwise', async () => {
    const imageUrl = (items(lighthouseDetails(heavy, 'image-aspect-ratio'))[0] as { url: string }).url
    render(
      <main>
        <AuditDetails
          details={{
            type: 'table',
            headings: [{ key: 'thumbnail', valueType: 'thumbnail', label: 'Image' }],
            items: [{ thumbnail: imageUrl }, { thumbnail: 'file:///etc/passwd' }],
          }}
        />
      </main>,
    )
    expect(document.querySelector(`img[src="${imageUrl}"]`)).not.toBeNull()
    expect(screen.getByText('file:///etc/passwd').tagName).toBe('SPAN')
    expect(await findAxeViolations()).toEqual([])
  })
})

describe('audit renderer on real axe output', () => {
  const axe = readAxe('axe.json')

  it('draws the failing elements of every violation as nodes with selector, snippet and explanation', async () => {
    for (const rule of axe.violations) {
      const audit = axeRuleToAudit(rule)
      const { unmount } = render(
        <main>
          <AuditDetails details={audit.details as Json} label={audit.title} />
        </main>,
      )
      const node = rule.nodes[0]
      if (!node) continue
      expect(screen.getAllByText(node.html.trim()).length).toBeGreaterThan(0)
      expect(screen.getAllByRole('row')).toHaveLength(rule.nodes.length + 1)
      expect(await findAxeViolations()).toEqual([])
      unmount()
    }
  })
})

describe('element screenshots of our own scans', () => {
  const axe = readAxe('axe.json')

  /** An axe violation as the worker stores it: its failing nodes carry the stored screenshot's path. */
  function renderStoredNodes(options: { withLighthouseScreenshot?: boolean } = {}) {
    const rule = must(axe.violations[0], 'an axe violation')
    const audit = axeRuleToAudit(rule)
    const details = audit.details as unknown as { items: { node: Record<string, unknown> }[] }
    details.items.forEach((item, index) => {
      item.node.screenshotPath = `scans/scan-7/page-1/element-${index}.png`
    })
    const served: string[] = []
    render(
      <AuditRendererProvider
        value={{
          fullPageScreenshot: options.withLighthouseScreenshot ? heavy.fullPageScreenshot : undefined,
          elementScreenshotUrl: (path) => {
            served.push(path)
            return `/api/v1/single-page-scan/element-screenshot/scan-7?path=${encodeURIComponent(path)}`
          },
        }}
      >
        <main>
          <AuditDetails details={audit.details as Json} label={audit.title} />
        </main>
      </AuditRendererProvider>,
    )
    const node = must(details.items[0]).node as { nodeLabel: string }
    return { node, served, count: details.items.length }
  }

  it('shows the stored screenshot as a 147x100 thumbnail that opens a 768x512 lightbox, by keyboard too', async () => {
    const events = userEvent.setup()
    const { node, served, count } = renderStoredNodes({ withLighthouseScreenshot: true })
    expect(served).toHaveLength(count)
    const thumbnail = must(
      screen.getAllByRole('button', { name: `Enlarge screenshot of ${node.nodeLabel}` })[0],
    )
    const small = must(thumbnail.querySelector('img'))
    // the stored file wins over a cut of the full-page screenshot; the button names the picture
    expect(small).toHaveAttribute(
      'src',
      `/api/v1/single-page-scan/element-screenshot/scan-7?path=${encodeURIComponent('scans/scan-7/page-1/element-0.png')}`,
    )
    expect(small).toHaveAttribute('alt', '')
    expect(small.style.maxWidth).toBe('min(100%, 147px)')
    expect(small.style.maxHeight).toBe('100px')
    expect(await findAxeViolations()).toEqual([])

    thumbnail.focus()
    await events.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog', { name: `Screenshot of ${node.nodeLabel}` })
    const large = within(dialog).getByRole('img', { name: `Screenshot of ${node.nodeLabel}` })
    expect(large).toHaveAttribute('src', small.getAttribute('src'))
    expect(large.style.maxWidth).toBe('min(100%, 768px)')
    expect(large.style.maxHeight).toBe('512px')
    expect(await findAxeViolations()).toEqual([])
    await events.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(thumbnail).toHaveFocus())

    await events.keyboard(' ')
    const again = await screen.findByRole('dialog', { name: `Screenshot of ${node.nodeLabel}` })
    await events.click(within(again).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('names the picture by the selector when the label is only the element’s markup', async () => {
    render(
      <AuditRendererProvider value={{ elementScreenshotUrl: (path) => `/api/x?path=${path}` }}>
        <main>
          <AuditDetails
            details={{
              type: 'table',
              headings: [{ key: 'node', valueType: 'node', label: 'Failing Elements' }],
              items: [
                {
                  node: {
                    type: 'node',
                    selector: 'img.hero',
                    nodeLabel: '<img src="/hero.jpg">',
                    snippet: '<img src="/hero.jpg">',
                    screenshotPath: 'scans/s/p/element-0.png',
                  },
                },
              ],
            }}
          />
        </main>
      </AuditRendererProvider>,
    )
    expect(screen.getByRole('button', { name: 'Enlarge screenshot of img.hero' })).toBeInTheDocument()
    expect(await findAxeViolations()).toEqual([])
  })

  it('shows no thumbnail for a node whose path the API does not serve, and no crop for an axe node', () => {
    const rule = must(axe.violations[0], 'an axe violation')
    const audit = axeRuleToAudit(rule)
    const details = audit.details as unknown as { items: { node: Record<string, unknown> }[] }
    for (const item of details.items) item.node.screenshotPath = '/tmp/elsewhere/element-0.png'
    render(
      <AuditRendererProvider value={{ elementScreenshotUrl: () => undefined }}>
        <AuditDetails details={audit.details as Json} label={audit.title} />
      </AuditRendererProvider>,
    )
    expect(screen.queryByRole('button', { name: /^Enlarge screenshot/ })).not.toBeInTheDocument()
  })
})

describe('links in audit details', () => {
  it('are live only for http and https', () => {
    render(
      <AuditDetails
        details={{
          type: 'table',
          headings: [{ key: 'url', valueType: 'url', label: 'URL' }],
          items: [{ url: 'javascript:alert(1)' }, { url: 'https://example.com/a' }],
        }}
      />,
    )
    expect(screen.getAllByRole('link')).toHaveLength(1)
    expect(screen.getByText('javascript:alert(1)').closest('a')).toBeNull()
  })
})
