import type { FindingElement } from '../engines/finding.js'
import { type CheckVerdict, findingsOf, quote, readPage, understandingUrl } from './content-findings.js'
import type { PageCheck } from './page-check.js'

/** Findings of each kind per page: a page built without structure is one fix, not a hundred. */
const MAX_PER_KIND = 10
/** Text blocks read per page, in document order. */
const MAX_BLOCKS = 2000

interface FakeHeading {
  element: FindingElement
  text: string
  /** what makes it look like a heading: 'bold', 'large' */
  look: string
}
interface FakeList {
  element: FindingElement
  lines: string[]
}
interface HeaderlessTable {
  element: FindingElement
  rows: number
  columns: number
}
interface StructureFacts {
  headings: FakeHeading[]
  lists: FakeList[]
  tables: HeaderlessTable[]
}

/**
 * Text that looks like a heading: a short block (at most 80 characters, 12 words, no sentence punctuation)
 * whose whole text is bold or at least 1.2 times the text size of the page's paragraphs, outside headings,
 * controls, lists and tables, followed by a longer block of content.
 */
const READ_FAKE_HEADINGS = `
  const textOf = (el) => (el.textContent || '').replace(/\\s+/g, ' ').trim();
  const sizeOf = (el) => parseFloat(getComputedStyle(el).fontSize);
  const paragraphs = [...document.querySelectorAll('p')].filter((p) => textOf(p).length > 60).slice(0, 20);
  const base = paragraphs.length ? paragraphs.map(sizeOf).sort((a, b) => a - b)[paragraphs.length >> 1] : sizeOf(document.body);
  const inside = 'h1, h2, h3, h4, h5, h6, [role="heading"], a, button, label, legend, caption, th, td, summary, li, dt, nav, figcaption, form, [role="button"], [role="link"]';
  const bold = (el) => Number(getComputedStyle(el).fontWeight) >= 600;
  const allBold = (el) => bold(el) || [...el.children].some((child) => textOf(child) === textOf(el) && allBold(child));
  const followedByContent = (el, text) => {
    let next = el.nextElementSibling;
    while (next && textOf(next) === '') next = next.nextElementSibling;
    return Boolean(next) && (/^(ul|ol|dl|table)$/.test(next.localName) || textOf(next).length >= Math.max(40, text.length * 2));
  };
  const found = [];
  for (const el of [...document.body.querySelectorAll('p, div')].slice(0, args.maxBlocks)) {
    const text = textOf(el);
    if (text.length < 3 || text.length > 80 || text.split(' ').length > 12 || /[.,;!?]$/.test(text)) continue;
    if ([...el.children].some((child) => getComputedStyle(child).display !== 'inline')) continue;
    if (el.closest(inside) || !el.checkVisibility()) continue;
    const large = sizeOf(el) >= base * 1.2 || [...el.children].some((child) => textOf(child) === text && sizeOf(child) >= base * 1.2);
    const look = large ? 'large' : allBold(el) ? 'bold' : null;
    if (!look || !followedByContent(el, text)) continue;
    found.push({ element: describe(el), text, look });
    if (found.length >= args.maxPerKind) break;
  }
  return found;
`

/**
 * Lines that look like a list: two or more consecutive sibling blocks, or lines of one block split by
 * <br>, starting with the same kind of marker (a bullet sign or a dash, or a number with "." or ")"),
 * outside real lists and preformatted text.
 */
const READ_FAKE_LISTS = `
  const marker = /^\\s*(?:([•·▪◦‣●○■□►▸➢➤✓✔*–—-])|(\\d{1,2})[.)])\\s+\\S/;
  const kindOf = (line) => { const match = marker.exec(line); return match ? (match[1] ? 'bullet' : 'number') : null; };
  const outside = (el) => !el.closest('ul, ol, li, dl, pre, code, [role="list"], [role="listitem"], table, script, style, textarea');
  const runsOf = (lines) => {
    const runs = [];
    let run = [];
    for (const line of lines) {
      const kind = kindOf(line);
      if (kind && run.length && kindOf(run[0]) === kind) run.push(line);
      else { if (run.length > 1) runs.push(run); run = kind ? [line] : []; }
    }
    if (run.length > 1) runs.push(run);
    return runs;
  };
  const found = [];
  for (const br of document.body.querySelectorAll('p > br, div > br')) {
    const block = br.parentElement;
    if (found.some((entry) => entry.block === block) || !outside(block)) continue;
    for (const run of runsOf(block.innerText.split('\\n'))) found.push({ block, lines: run });
  }
  const seen = new Set();
  for (const el of document.body.querySelectorAll('p, div')) {
    if (seen.has(el) || !outside(el) || !kindOf(el.textContent)) continue;
    const siblings = [];
    for (let node = el; node && /^(p|div)$/.test(node.localName) && kindOf(node.textContent); node = node.nextElementSibling) {
      siblings.push(node);
      seen.add(node);
    }
    for (const run of runsOf(siblings.map((node) => node.textContent.trim()))) found.push({ block: siblings[0], lines: run });
  }
  return found.slice(0, args.maxPerKind).map(({ block, lines }) => ({ element: describe(block), lines: lines.map((line) => line.trim()) }));
`

/** Tables with two rows and two columns or more and no header cell, not marked as layout. */
const READ_HEADERLESS_TABLES = `
  return [...document.querySelectorAll('table')]
    .filter((table) => !/^(presentation|none)$/.test(table.getAttribute('role') || '') && table.checkVisibility())
    .filter((table) => !table.querySelector('th, [role="columnheader"], [role="rowheader"]'))
    .map((table) => ({ table, rows: table.rows.length, columns: Math.max(0, ...[...table.rows].map((row) => row.cells.length)) }))
    .filter(({ rows, columns }) => rows >= 2 && columns >= 2)
    .slice(0, args.maxPerKind)
    .map(({ table, rows, columns }) => ({ element: describe(table), rows, columns }));
`

const READ_STRUCTURE = `
  return {
    headings: (() => { ${READ_FAKE_HEADINGS} })(),
    lists: (() => { ${READ_FAKE_LISTS} })(),
    tables: (() => { ${READ_HEADERLESS_TABLES} })(),
  };
`

const IDENTITY = {
  id: 'canopy-fake-structure',
  criteria: ['1.3.1'],
  title: 'Headings, lists and tables must be marked up as such',
  description:
    'Text that only looks like a heading (bold or large), lines that only look like a list ("•", "-", ' +
    '"1.") and tables without header cells lose their structure for screen reader users, who navigate by ' +
    'headings and hear how many items a list has. Use `<h2>`…`<h6>`, `<ul>`/`<ol>` and `<th>`.',
  helpUrl: understandingUrl('info-and-relationships'),
}

export function judgeStructure(facts: StructureFacts): CheckVerdict[] {
  const headings: CheckVerdict[] = facts.headings.map((heading) => ({
    outcome: 'review',
    element: heading.element,
    message: `${quote(heading.text)} looks like a heading (${heading.look} text, alone, before content) but is not marked up as one. If it heads what follows, make it a heading element.`,
  }))
  const lists: CheckVerdict[] = facts.lists.map((list) => ({
    outcome: 'failed',
    element: list.element,
    message: `${list.lines.length} lines (${list.lines
      .slice(0, 2)
      .map((line) => quote(line, 30))
      .join(', ')}…) are written as a list but not marked up as one: use <ul> or <ol>.`,
  }))
  const tables: CheckVerdict[] = facts.tables.map((table) => ({
    outcome: 'review',
    element: table.element,
    message: `This table (${table.rows} rows, ${table.columns} columns) has no header cells. If it holds data, mark its headers with <th>; if it only lays out the page, give it role="presentation".`,
  }))
  return [...headings, ...lists, ...tables]
}

export const fakeStructureCheck: PageCheck = {
  ...IDENTITY,
  changesPage: false,
  async run(page) {
    const facts = await readPage<StructureFacts>(page, READ_STRUCTURE, {
      maxBlocks: MAX_BLOCKS,
      maxPerKind: MAX_PER_KIND,
    })
    return findingsOf(IDENTITY, judgeStructure(facts), true)
  },
}
