import type { FindingElement } from '../engines/finding.js'
import { type CheckVerdict, findingsOf, quote, readPage, understandingUrl } from './content-findings.js'
import type { PageCheck } from './page-check.js'

/** A skip link is one of the first few things the keyboard reaches. */
const SKIP_LINK_POSITIONS = 3

interface SamePageLink {
  element: FindingElement
  text: string
  /** the element the fragment names exists, is shown and comes after the link */
  works: boolean
  /** it names a target that does not exist at all */
  missing: boolean
}

interface BypassFacts {
  /** links and form controls the keyboard can reach */
  focusables: number
  hasMain: boolean
  headings: number
  /** same-page links among the first focusable elements */
  skipLinks: SamePageLink[]
  html: FindingElement
}

const READ_BYPASS = `
  const shown = (el) => { const style = getComputedStyle(el); return style.display !== 'none' && style.visibility !== 'hidden'; };
  const focusables = [...document.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])')]
    .filter((el) => shown(el) && !el.disabled);
  const headings = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]')]
    .filter((el) => shown(el) && el.textContent.trim() !== '');
  const here = location.origin + location.pathname + location.search;
  const samePage = (el) => el.localName === 'a' && el.hash.length > 1 && el.origin + el.pathname + el.search === here;
  const targetOf = (link) => {
    let id = link.hash.slice(1);
    try { id = decodeURIComponent(id); } catch {}
    return document.getElementById(id) || document.querySelector('a[name="' + CSS.escape(id) + '"]');
  };
  const skipLinks = focusables.slice(0, args.positions).filter(samePage).map((link) => {
    const target = targetOf(link);
    const follows = target && (link.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING);
    return {
      element: describe(link),
      text: (link.innerText || link.textContent || link.getAttribute('aria-label') || '').trim(),
      works: Boolean(target && follows && shown(target)),
      missing: !target,
    };
  });
  return {
    focusables: focusables.length,
    hasMain: document.querySelector('main, [role="main"]') !== null,
    headings: headings.length,
    skipLinks,
    html: describe(document.documentElement),
  };
`

const IDENTITY = {
  id: 'canopy-bypass-blocks',
  criteria: ['2.4.1'],
  title: 'Pages must let keyboard and screen reader users skip repeated content',
  description:
    'People who cannot use a mouse go through the header and navigation on every page unless they can jump ' +
    'past them: a working "Skip to main content" link at the top, a `<main>` landmark, or headings.',
  helpUrl: understandingUrl('bypass-blocks'),
}

const SKIP_WORDS = /skip|jump|main|content|navigation|menu/i

export function judgeBypass(facts: BypassFacts): CheckVerdict[] {
  const broken: CheckVerdict[] = facts.skipLinks
    .filter((link) => link.missing && SKIP_WORDS.test(link.text))
    .map((link) => ({
      outcome: 'failed',
      element: link.element,
      message: `The skip link ${quote(link.text)} points to ${link.element.snippet.match(/href="([^"]*)"/)?.[1] ?? 'a target'}, which is not on the page: it skips nothing.`,
    }))
  const bypass = facts.hasMain || facts.headings > 0 || facts.skipLinks.some((link) => link.works)
  if (bypass) return broken
  return [
    ...broken,
    {
      outcome: 'failed',
      element: facts.html,
      message:
        'Nothing lets a keyboard or screen reader user skip the repeated content: no working skip link, no main landmark and no headings.',
    },
  ]
}

export const bypassBlocksCheck: PageCheck = {
  ...IDENTITY,
  changesPage: false,
  async run(page) {
    const facts = await readPage<BypassFacts>(page, READ_BYPASS, { positions: SKIP_LINK_POSITIONS })
    // A page with nothing the keyboard reaches has no repeated blocks to go through.
    return findingsOf(IDENTITY, judgeBypass(facts), facts.focusables > 0)
  },
}
