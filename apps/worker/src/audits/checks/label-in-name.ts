import type { FindingElement } from '../engines/finding.js'
import { type CheckVerdict, findingsOf, quote, readPage, understandingUrl } from './content-findings.js'
import type { PageCheck } from './page-check.js'

/** Controls looked at per page, at most. */
const MAX_CONTROLS = 500

/** A control named by aria-label or aria-labelledby that also shows text: what it shows and what it is called. */
export interface NamedControl {
  element: FindingElement
  /** the text a sighted user reads on it (the ACT rules' "visible inner text") */
  label: string
  /** its accessible name, from aria-labelledby, else aria-label */
  name: string
}

/**
 * The controls a speech-input user names by what they read: widgets whose role takes its name from content
 * (link, button, tab, menu item, option...) that carry aria-label or aria-labelledby, are rendered and can be
 * seen. Their visible inner text follows the ACT definition: hidden or clipped-away parts count as a space, a
 * line break or block as a line end, text in an icon font (its ligatures draw symbols) as a space.
 */
const READ_NAMED_CONTROLS = `
  const WIDGETS = new Set(['button', 'checkbox', 'gridcell', 'link', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'radio', 'searchbox', 'switch', 'tab', 'treeitem']);
  const ICON_FONT = /icon|symbol|glyph|awesome/i;
  const BLOCKS = new Set(['block', 'flex', 'grid', 'list-item', 'table', 'flow-root', 'table-caption']);
  const roleOf = (e) => {
    const explicit = (e.getAttribute('role') || '').trim().toLowerCase().split(/\\s+/)[0];
    if (explicit) return explicit;
    if ((e.localName === 'a' || e.localName === 'area') && e.hasAttribute('href')) return 'link';
    return e.localName === 'button' || e.localName === 'option' ? e.localName : null;
  };
  const clippedAway = (e) => {
    const s = getComputedStyle(e);
    const box = e.getBoundingClientRect();
    if (s.overflow !== 'visible' && (box.width <= 1 || box.height <= 1)) return true;
    if (/inset\\(\\s*50%/.test(s.clipPath)) return true;
    return (s.position === 'absolute' || s.position === 'fixed') && /rect\\(0(px)?,? 0(px)?,? 0(px)?,? 0(px)?\\)/.test(s.clip);
  };
  const unseen = (e) => !e.checkVisibility({ visibilityProperty: true, opacityProperty: true }) || clippedAway(e);
  const offPage = (e) => {
    const box = e.getBoundingClientRect();
    return box.right + window.scrollX <= 0 || box.bottom + window.scrollY <= 0;
  };
  const visibleText = (node) => {
    if (node.nodeType === Node.TEXT_NODE)
      return ICON_FONT.test(getComputedStyle(node.parentElement).fontFamily) ? ' ' : node.data.replace(/\\s+/g, ' ');
    if (node.nodeType !== Node.ELEMENT_NODE || !node.checkVisibility()) return '';
    if (unseen(node)) return node.getBoundingClientRect().width > 0 ? ' ' : '';
    if (node.localName === 'br') return '\\n';
    const inner = [...node.childNodes].map(visibleText).join('');
    const display = getComputedStyle(node).display;
    if (BLOCKS.has(display)) return '\\n' + inner + '\\n';
    return display === 'table-cell' || display === 'table-row' ? ' ' + inner + ' ' : inner;
  };
  const nameOf = (e) => {
    const ids = (e.getAttribute('aria-labelledby') || '').trim().split(/\\s+/).filter(Boolean);
    const parts = ids.map((id) => document.getElementById(id)).filter(Boolean)
      .map((r) => (r.getAttribute('aria-label') || '').trim() || r.textContent || '');
    return parts.join(' ').trim() || (e.getAttribute('aria-label') || '').trim();
  };
  const controls = [];
  for (const e of document.querySelectorAll('[aria-label], [aria-labelledby]')) {
    if (controls.length >= args.max) break;
    if (!WIDGETS.has(roleOf(e)) || !e.checkVisibility() || e.closest('[aria-hidden="true"]') || offPage(e)) continue;
    let hidden = false;
    for (let a = e; a && a !== document.documentElement && !hidden; a = a.parentElement) hidden = unseen(a);
    if (hidden) continue;
    const name = nameOf(e);
    if (name) controls.push({ element: describe(e), label: visibleText(e), name });
  }
  return controls;
`

/**
 * A string as the ACT rules' label-in-name algorithm compares it: text in parentheses dropped, case folded,
 * compatibility-decomposed (accents dropped with it), every character that is not a letter or digit made a
 * space, then split into words.
 */
export function tokenize(text: string): string[] {
  let flat = text
  while (/\([^()]*\)/.test(flat)) flat = flat.replace(/\([^()]*\)/g, ' ')
  return flat
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
}

/** Whether `part` appears in `whole` as consecutive words. */
export function containsWords(whole: string[], part: string[]): boolean {
  if (part.length === 0) return true
  for (let start = 0; start + part.length <= whole.length; start++)
    if (part.every((word, offset) => whole[start + offset] === word)) return true
  return false
}

/** Words written with a full stop after them ("Ave."), which may be short for a longer word. */
function abbreviations(text: string): string[] {
  return [...text.matchAll(/(\p{L}+)\./gu)].map((match) => (match[1] ?? '').toLowerCase())
}

/** One text shortens a word the other spells out ("Ave." and "Avenue"): the ACT rule does not apply. */
function abbreviates(short: string, long: string): boolean {
  const words = tokenize(long)
  return abbreviations(short).some((word) =>
    words.some((other) => other.length > word.length && other.startsWith(word)),
  )
}

/** The two spell a word differently only by its hyphens ("nonstandard", "non-standard"). */
function differsByHyphens(label: string, name: string): boolean {
  const joined = (text: string) => tokenize(text.replace(/[-‐‑‒–]/g, ''))
  return containsWords(joined(name), joined(label))
}

const IDENTITY = {
  id: 'canopy-label-in-name',
  criteria: ['2.5.3'],
  title: 'A control’s accessible name must contain the text it shows',
  description:
    'People who use speech input say what they see on a link or button ("click Search"). When aria-label ' +
    'or aria-labelledby gives it a name that does not contain its visible text, in the same order, the ' +
    'command does not find it, and screen reader users hear something other than what is shown.',
  helpUrl: understandingUrl('label-in-name'),
}

/** The verdict on one control, or null when its visible text is in its name (or it shows no text). */
export function verdictOf(control: NamedControl): CheckVerdict | null {
  const label = tokenize(control.label)
  if (label.length === 0 || containsWords(tokenize(control.name), label)) return null
  const shown = quote(control.label)
  const named = quote(control.name)
  const symbol = label.length === 1 && /^\p{L}$/u.test(label[0] ?? '')
  if (
    symbol ||
    abbreviates(control.label, control.name) ||
    abbreviates(control.name, control.label) ||
    differsByHyphens(control.label, control.name)
  ) {
    return {
      outcome: 'review',
      element: control.element,
      message: `It shows ${shown} but is named ${named}: check that the name contains the visible text (a letter used as a symbol, an abbreviation or a hyphen may make them differ harmlessly).`,
    }
  }
  return {
    outcome: 'failed',
    element: control.element,
    message: `It shows ${shown} but its accessible name is ${named}, which does not contain that text: start the name with the visible text, or drop aria-label.`,
  }
}

export const labelInNameCheck: PageCheck = {
  ...IDENTITY,
  changesPage: false,
  async run(page) {
    const controls = await readPage<NamedControl[]>(page, READ_NAMED_CONTROLS, { max: MAX_CONTROLS })
    const applicable = controls.filter((control) => tokenize(control.label).length > 0)
    const verdicts = applicable.flatMap((control) => verdictOf(control) ?? [])
    return findingsOf(IDENTITY, verdicts, applicable.length > 0)
  },
}
