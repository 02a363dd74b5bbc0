import { describe, expect, it } from 'vitest'
import {
  HIGHLIGHT_CLASS,
  highlightElement,
  isSnapshotDocument,
  REVEAL_CLASS,
  removeBlockingElement,
  toggleHiddenElements,
} from './snapshot-document'

/** A frame's document, as the renderer reaches it (with a window, so styles are computed). */
function makeDocument(body: string): Document {
  const frame = document.createElement('iframe')
  document.body.append(frame)
  const doc = frame.contentDocument
  if (!doc) throw new Error('jsdom gave the frame no document')
  doc.body.innerHTML = body
  return doc
}

describe('page renderer inside the snapshot', () => {
  it('reaches only into an HTML document: not an error answer, not a frame it cannot read', () => {
    expect(isSnapshotDocument(makeDocument('<h1>Hi</h1>'))).toBe(true)
    const json = document.implementation.createDocument(null, null)
    expect(json.contentType).not.toBe('text/html')
    expect(isSnapshotDocument(json)).toBe(false)
    expect(isSnapshotDocument(null)).toBe(false)
  })

  it('highlights the element a selector names', () => {
    const doc = makeDocument('<main><img id="hero" src="x.png"></main>')
    expect(highlightElement(doc, '#hero')).toBe('found')
    expect(doc.getElementById('hero')).toHaveClass(HIGHLIGHT_CLASS)
  })

  it('says when the element cannot be found, also for a selector the browser cannot read', () => {
    const doc = makeDocument('<main></main>')
    expect(highlightElement(doc, '#missing')).toBe('not-found')
    expect(highlightElement(doc, 'div[')).toBe('not-found')
  })

  it('highlights the closest shown ancestor of a hidden element, and moves the highlight on the next choice', () => {
    const doc = makeDocument(
      '<section id="box"><div hidden><a id="link" href="/x">x</a></div></section><p id="p">p</p>',
    )
    expect(highlightElement(doc, '#link')).toBe('hidden')
    expect(doc.getElementById('box')).toHaveClass(HIGHLIGHT_CLASS)
    expect(highlightElement(doc, '#p')).toBe('found')
    expect(doc.querySelectorAll(`.${HIGHLIGHT_CLASS}`)).toHaveLength(1)
  })

  it('reveals hidden elements and hides them again', () => {
    const doc = makeDocument('<div id="a" hidden>a</div><div id="b" style="display:none">b</div><p>shown</p>')
    expect(toggleHiddenElements(doc)).toBe(true)
    expect(doc.getElementById('a')).toHaveClass(REVEAL_CLASS)
    expect(doc.getElementById('b')).toHaveClass(REVEAL_CLASS)
    expect(doc.querySelector('p')).not.toHaveClass(REVEAL_CLASS)
    expect(toggleHiddenElements(doc)).toBe(false)
    expect(doc.querySelectorAll(`.${REVEAL_CLASS}`)).toHaveLength(0)
  })

  it('removes the fixed overlay on top first, one per press', () => {
    const doc = makeDocument(
      '<div id="bar" style="position:fixed;z-index:1">bar</div><div id="cookies" style="position:fixed;z-index:999"><button>OK</button></div><p>text</p>',
    )
    expect(removeBlockingElement(doc)).toBe(true)
    expect(doc.getElementById('cookies')).toBeNull()
    expect(removeBlockingElement(doc)).toBe(true)
    expect(doc.getElementById('bar')).toBeNull()
    expect(removeBlockingElement(doc)).toBe(false)
    expect(doc.querySelector('p')).not.toBeNull()
  })
})
