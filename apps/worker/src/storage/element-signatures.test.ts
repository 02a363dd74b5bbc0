import { describe, expect, it } from 'vitest'
import { elementSignaturesOf } from './element-signatures.js'

const nodeItem = (selector: string, snippet: string) => ({ node: { type: 'node', selector, snippet } })

describe('element signatures', () => {
  it('gives the same element failing the same audit one signature on every page, whatever its indentation', () => {
    const onHome = elementSignaturesOf({
      id: 'image-alt',
      details: { type: 'table', items: [nodeItem('header > img', '<img  src="/logo.png">')] },
    })
    const onNews = elementSignaturesOf({
      id: 'image-alt',
      details: { type: 'table', items: [nodeItem(' header > img', '<img\n  src="/logo.png">')] },
    })
    expect(onHome).toEqual(onNews)
    expect(onHome[0]).toMatch(/^[a-f0-9]{32}$/)
  })

  it('tells apart other elements, other audits, and signs items without an element by what they name', () => {
    const [logo, banner] = elementSignaturesOf({
      id: 'image-alt',
      details: {
        type: 'table',
        items: [nodeItem('img', '<img src="/logo.png">'), nodeItem('img', '<img src="/b.png">')],
      },
    })
    const [otherAudit] = elementSignaturesOf({
      id: 'role-img-alt',
      details: { type: 'table', items: [nodeItem('img', '<img src="/logo.png">')] },
    })
    expect(new Set([logo, banner, otherAudit]).size).toBe(3)
    const links = elementSignaturesOf({
      id: 'broken-links',
      details: { type: 'table', items: [{ url: 'https://a.test/x' }] },
    })
    expect(links).toHaveLength(1)
    expect(elementSignaturesOf({ id: 'x', details: null })).toEqual([])
  })
})
