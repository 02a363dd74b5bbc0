import type { Page } from 'playwright-core'
import type { FindingElement } from './finding.js'

/**
 * Element keys: every engine names elements its own way (axe a CSS selector path, Equal Access an XPath, our
 * checks the element itself). Installed into every page before it loads, this script gives each element a
 * number the first time anything asks for it, so findings of different engines on the same element carry
 * the same key within one page load, and describes it (selector, markup, label) the same way for all.
 */
export const ELEMENT_KEYS_SOURCE = `(() => {
  if (window.__canopyKeys) return;
  const keys = new WeakMap();
  let next = 1;
  // nodeType, not instanceof: an element of a same-origin iframe belongs to another realm's Element.
  const isElement = (node) => Boolean(node) && node.nodeType === 1;
  const keyOf = (element) => {
    if (!isElement(element)) return null;
    let key = keys.get(element);
    if (key === undefined) { key = next++; keys.set(element, key); }
    return key;
  };
  const cssEscape = (value) => (window.CSS && CSS.escape ? CSS.escape(value) : value);
  const selectorOf = (element) => {
    if (element.id && element.ownerDocument.querySelectorAll('#' + cssEscape(element.id)).length === 1)
      return '#' + cssEscape(element.id);
    const parts = [];
    for (let node = element; node && node.nodeType === 1 && node !== document.documentElement; node = node.parentElement) {
      const parent = node.parentElement;
      const tag = node.localName;
      if (!parent) { parts.unshift(tag); break; }
      const same = Array.from(parent.children).filter((child) => child.localName === tag);
      parts.unshift(same.length > 1 ? tag + ':nth-of-type(' + (same.indexOf(node) + 1) + ')' : tag);
      if (node.id && node.ownerDocument.querySelectorAll('#' + cssEscape(node.id)).length === 1) {
        parts[0] = '#' + cssEscape(node.id);
        break;
      }
    }
    return parts.join(' > ') || element.localName;
  };
  const labelOf = (element) => {
    const text = (element.innerText || element.textContent || '').replace(/\\s+/g, ' ').trim();
    if (text) return text.slice(0, 80);
    const named = element.getAttribute('aria-label') || element.getAttribute('alt') || element.getAttribute('title')
      || element.getAttribute('name') || element.getAttribute('id') || '';
    return (named || element.outerHTML.slice(0, 80)).trim();
  };
  const openingTag = (element) => {
    const html = element.outerHTML;
    return html.length <= 500 ? html : html.slice(0, 497) + '...';
  };
  const describe = (element) =>
    isElement(element)
      ? { key: keyOf(element), selector: selectorOf(element), snippet: openingTag(element), label: labelOf(element) }
      : null;
  Object.defineProperty(window, '__canopyKeys', { value: { keyOf, describe }, enumerable: false });
})();`

/** Describes, in the page, the element a CSS selector finds (null when none does). */
export async function describeSelector(page: Page, selector: string): Promise<FindingElement | null> {
  // A string, so the worker's TypeScript needs no DOM library; it runs in the page.
  return (await page.evaluate(`(() => {
    let element = null;
    try { element = document.querySelector(${JSON.stringify(selector)}); } catch { element = null; }
    return window.__canopyKeys.describe(element);
  })()`)) as FindingElement | null
}
