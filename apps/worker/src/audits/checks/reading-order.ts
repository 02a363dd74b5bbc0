import type { FindingElement } from '../engines/finding.js'
import { type CheckVerdict, findingsOf, quote, readPage, understandingUrl } from './content-findings.js'
import type { PageCheck } from './page-check.js'

/** Elements whose styles are read per page, in document order. */
const MAX_ELEMENTS = 5000
const MAX_FINDINGS = 10

export interface SwappedPair {
  /** the block that comes first in the source (and is read first) */
  first: FindingElement
  /** the block after it in the source that is shown before it */
  shownFirst: FindingElement
  /** shownFirst is a heading or label: what it names is read before it */
  namesContent: boolean
  /** the CSS that reorders them: 'flex-direction: row-reverse', 'order', 'grid placement', 'absolute position' */
  cause: string
}

/**
 * Finds the containers whose CSS can show their children in another order than the source's (reversed flex
 * direction or wrapping, `order`, grid placement or dense packing, absolutely positioned children with text), and in each the first pair of
 * consecutive children with text where the later one is shown first: wholly above it, or on the same line
 * and before it in the writing direction.
 */
const READ_REORDERED = `
  const textOf = (el) => (el.textContent || '').replace(/\\s+/g, ' ').trim();
  const causes = new Map();
  for (const el of [...document.body.querySelectorAll('*')].slice(0, args.maxElements)) {
    const style = getComputedStyle(el);
    const parent = el.parentElement;
    if (/flex/.test(style.display) && /reverse/.test(style.flexDirection)) causes.set(el, 'flex-direction: ' + style.flexDirection);
    else if (/flex/.test(style.display) && style.flexWrap === 'wrap-reverse') causes.set(el, 'flex-wrap: wrap-reverse');
    else if (/grid/.test(style.display) && /dense/.test(style.gridAutoFlow)) causes.set(el, 'grid-auto-flow: dense');
    if (!parent || causes.has(parent)) continue;
    const parentDisplay = getComputedStyle(parent).display;
    if (/flex|grid/.test(parentDisplay) && style.order !== '0') causes.set(parent, 'order');
    else if (/grid/.test(parentDisplay) && (style.gridRowStart !== 'auto' || style.gridColumnStart !== 'auto')) causes.set(parent, 'grid placement');
    else if (/absolute|fixed/.test(style.position) && textOf(el).length > 1) causes.set(parent, 'absolute position');
  }
  const headingLike = 'h1, h2, h3, h4, h5, h6, [role="heading"], label, legend, caption, dt, th';
  const namesContent = (el) => el.matches(headingLike) || (el.children.length === 1 && el.firstElementChild.matches(headingLike) && textOf(el.firstElementChild) === textOf(el));
  const pairs = [];
  for (const [container, cause] of causes) {
    const rtl = getComputedStyle(container).direction === 'rtl';
    const blocks = [...container.children]
      .filter((child) => textOf(child).length > 1 && child.checkVisibility())
      .map((child) => ({ child, box: child.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0);
    for (let i = 1; i < blocks.length; i++) {
      const a = blocks[i - 1].box, b = blocks[i].box;
      const above = b.bottom <= a.top + 2;
      const sameLine = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > Math.min(a.height, b.height) / 2;
      const before = rtl ? b.left >= a.right - 2 : b.right <= a.left + 2;
      if (!above && !(sameLine && before)) continue;
      pairs.push({ first: describe(blocks[i - 1].child), shownFirst: describe(blocks[i].child), namesContent: namesContent(blocks[i].child), cause });
      break;
    }
    if (pairs.length >= args.maxFindings) break;
  }
  return pairs;
`

const IDENTITY = {
  id: 'canopy-reading-order',
  criteria: ['1.3.2'],
  title: 'The reading order must match the order content is shown in',
  description:
    'Screen readers and keyboards follow the source order. When CSS (`order`, `flex-direction: ' +
    'row-reverse`, grid placement, absolute positioning) shows blocks in another order, people who listen ' +
    'get them in an order that may not make sense. Put the source in the order it is meant to be read.',
  helpUrl: understandingUrl('meaningful-sequence'),
}

export function judgeReadingOrder(pairs: SwappedPair[]): CheckVerdict[] {
  return pairs.map((pair) => ({
    // A heading or label shown before its content but read after it is out of sequence for certain.
    outcome: pair.namesContent ? 'failed' : 'review',
    element: pair.shownFirst,
    message: `${quote(pair.shownFirst.label, 40)} is shown before ${quote(pair.first.label, 40)} (by ${pair.cause}) but read after it. ${
      pair.namesContent
        ? 'It names the content it follows in the reading order: move it before that content in the source.'
        : 'Check that the reading order still makes sense.'
    }`,
  }))
}

export const readingOrderCheck: PageCheck = {
  ...IDENTITY,
  changesPage: false,
  async run(page) {
    const pairs = await readPage<SwappedPair[]>(page, READ_REORDERED, {
      maxElements: MAX_ELEMENTS,
      maxFindings: MAX_FINDINGS,
    })
    return findingsOf(IDENTITY, judgeReadingOrder(pairs), true)
  },
}
