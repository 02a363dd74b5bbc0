/**
 * What one evaluate in the loaded page reads: metadata, headings, links, images and the main text. Kept
 * as a string so the worker's TypeScript needs no DOM library; it runs in the page, never in Node.
 */
export interface PageFacts {
  title: string | null
  lang: string | null
  metaDescription: string | null
  metaRobots: string | null
  canonical: string | null
  author: string | null
  /** meta tags by lower-cased name or property */
  metaTags: Record<string, string>
  headings: { level: number; text: string }[]
  links: { href: string; text: string; rel: string }[]
  images: { src: string; alt: string | null; naturalWidth: number; complete: boolean }[]
  /** the sources of the page's audio and video elements (their src, or each <source>) */
  media: { src: string; type: 'audio' | 'video' }[]
  mainText: string
  bodyText: string
}

export const COLLECT_PAGE_FACTS = `(() => {
  const meta = {};
  for (const el of document.querySelectorAll('meta[name], meta[property]')) {
    const key = (el.getAttribute('name') || el.getAttribute('property') || '').toLowerCase();
    if (key && !(key in meta)) meta[key] = (el.getAttribute('content') || '').trim();
  }
  const text = (el) => (el ? (el.innerText || el.textContent || '').replace(/\\s+/g, ' ').trim() : '');
  const headings = [...document.querySelectorAll('h1,h2,h3,h4,h5,h6')].map((el) => ({ level: Number(el.tagName[1]), text: text(el).slice(0, 200) }));
  const links = [...document.querySelectorAll('a[href], area[href]')].map((el) => ({ href: el.href, text: text(el).slice(0, 200), rel: el.getAttribute('rel') || '' }));
  const images = [...document.images].map((img) => ({ src: img.currentSrc || img.src, alt: img.getAttribute('alt'), naturalWidth: img.naturalWidth, complete: img.complete }));
  const media = [...document.querySelectorAll('audio, video')].flatMap((el) => {
    const type = el.tagName === 'AUDIO' ? 'audio' : 'video';
    const sources = [el.src, ...[...el.querySelectorAll('source[src]')].map((source) => source.src)].filter(Boolean);
    return [...new Set(sources)].map((src) => ({ src, type }));
  });
  // Main text the way reader modes find it: <main>, <article> or role=main, else the block with the most
  // paragraph text, without navigation, headers, footers and asides.
  let main = document.querySelector('main, [role="main"]') || document.querySelector('article');
  if (!main) {
    let best = null, bestScore = 0;
    for (const el of document.body ? document.body.querySelectorAll('div, section') : []) {
      if (el.closest('nav, header, footer, aside')) continue;
      const score = [...el.querySelectorAll(':scope > p, :scope > ul, :scope > ol')].reduce((sum, p) => sum + text(p).length, 0);
      if (score > bestScore) { best = el; bestScore = score; }
    }
    main = best || document.body;
  }
  let mainText = '';
  if (main) {
    const clone = main.cloneNode(true);
    for (const el of clone.querySelectorAll('nav, header, footer, aside, script, style, noscript, template, [hidden], [aria-hidden="true"]')) el.remove();
    // innerText of a detached clone has no layout, so block boundaries become sentence-safe line breaks.
    for (const el of clone.querySelectorAll('p, li, h1, h2, h3, h4, h5, h6, td, th, div, section, br')) el.append('\\n');
    mainText = (clone.textContent || '').replace(/[ \\t]+/g, ' ').replace(/\\n\\s*/g, '\\n').trim();
  }
  const canonical = document.querySelector('link[rel="canonical"]');
  return {
    title: document.title ? document.title.trim() : (document.querySelector('title') ? '' : null),
    lang: document.documentElement.getAttribute('lang'),
    metaDescription: 'description' in meta ? meta.description : null,
    metaRobots: meta.robots ?? null,
    canonical: canonical ? canonical.href : null,
    author: meta.author ?? null,
    metaTags: meta,
    headings,
    links,
    images,
    media,
    mainText: mainText.slice(0, 200000),
    bodyText: text(document.body).slice(0, 200000),
  };
})()`
