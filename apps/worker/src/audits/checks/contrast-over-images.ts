import type { CDPSession, JSHandle, Page } from 'playwright-core'
import type { FindingElement } from '../engines/finding.js'
import { type CheckVerdict, findingsOf, pageFunction, quote, understandingUrl } from './content-findings.js'
import { type Bitmap, decodePng, measurePixelContrast, type Rect, type Rgba } from './contrast-pixels.js'
import type { PageCheck } from './page-check.js'

/**
 * Text elements measured per page, in document order. Their screenshots cost Chromium about 600 ms of CPU
 * for 20 spread over a page (measured): 12 keeps the worst page near 400 ms, and text over images repeats
 * one design, so the first ones tell.
 */
const MAX_CANDIDATES = 12
/** Text nodes looked at per page, in document order. */
const MAX_TEXT_NODES = 4000
/** A screenshot covers candidates within this height; candidates further apart get another one. */
const MAX_CLIP_HEIGHT = 1500
/**
 * Pixels a joint screenshot may spend on what lies between its candidates: a capture costs Chromium 35-60 ms
 * of CPU whatever its size (measured without a GPU), more than encoding and decoding this many pixels.
 */
const MERGE_SLACK_PX = 1_000_000
/** WCAG 1.4.3: 4.5:1 for text, 3:1 for large text (24 px, or 18.66 px bold). */
const NORMAL_MINIMUM = 4.5
const LARGE_MINIMUM = 3
/** Under this share of changed pixels the text was not painted where its boxes are (covered by something). */
const MIN_PAINTED_SHARE = 0.02

export interface ContrastCandidate {
  element: FindingElement
  text: string
  /** what lies behind it: an image or gradient of its own or an ancestor's, or an <img> it is positioned over */
  background: 'image' | 'gradient' | 'media'
  colour: Rgba
  large: boolean
  /** text shadow, outline, blending, filters or translucent ancestors change its contrast: a person decides */
  unsure: boolean
  /** its line boxes, in page coordinates */
  rects: Rect[]
}

interface CandidateFacts {
  candidates: ContrastCandidate[]
  page: { width: number; height: number }
  /** the part of the page on screen, in page coordinates */
  viewport: Rect
}

/**
 * Text over an image or gradient: every element with text of its own whose nearest painted background is
 * a background image or gradient (its own or an ancestor's, before any opaque colour), or whose text lies
 * over an <img>, <video>, <canvas> or <svg>. Keeps the elements for the later steps; answers their facts.
 */
const FIND_CANDIDATES = `
  const parse = (value) => {
    const match = /^rgba?\\(([^)]+)\\)$/.exec(value);
    if (!match) return null;
    const [r, g, b, a] = match[1].split(/[\\s,/]+/).filter(Boolean).map(Number);
    return { r, g, b, a: a === undefined || Number.isNaN(a) ? 1 : a };
  };
  const kinds = new Map();
  const backgroundOf = (node) => {
    if (!node || node.nodeType !== 1) return null;
    if (kinds.has(node)) return kinds.get(node);
    const style = getComputedStyle(node);
    const colour = parse(style.backgroundColor);
    const kind = style.backgroundImage !== 'none' ? (/gradient/.test(style.backgroundImage) ? 'gradient' : 'image')
      : colour && colour.a >= 1 ? null : backgroundOf(node.parentElement);
    kinds.set(node, kind);
    return kind;
  };
  const media = [...document.querySelectorAll('img, video, canvas, svg')]
    .map((el) => ({ el, box: el.getBoundingClientRect() }))
    .filter(({ box }) => box.width * box.height >= 400);
  // With 'box', any overlap of the element's box; else the centre of its first line inside the image.
  const overMedia = (el, box, test) => {
    const x = box.x + box.width / 2, y = box.y + box.height / 2;
    return media.some((m) => !m.el.contains(el) && (test === 'box'
      ? box.left < m.box.right && box.right > m.box.left && box.top < m.box.bottom && box.bottom > m.box.top
      : x > m.box.left && x < m.box.right && y > m.box.top && y < m.box.bottom));
  };
  const unsure = (el, style) => {
    if (style.textShadow !== 'none' || parseFloat(style.webkitTextStrokeWidth) > 0 || style.mixBlendMode !== 'normal'
      || style.filter !== 'none' || style.webkitBackgroundClip === 'text') return true;
    for (let node = el; node; node = node.parentElement) if (Number(getComputedStyle(node).opacity) < 1) return true;
    return false;
  };
  const owners = new Map();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let seen = 0;
  for (let node = walker.nextNode(); node && seen < args.maxTextNodes; node = walker.nextNode(), seen++) {
    const el = node.parentElement;
    if (!el || !node.data.trim() || el.closest('script, style, noscript, template, textarea, option')) continue;
    if (!owners.has(el)) owners.set(el, []);
    owners.get(el).push(node);
  }
  const candidates = [], elements = [];
  for (const [el, nodes] of owners) {
    if (candidates.length >= args.maxCandidates) break;
    // Cheapest test first: most text sits on a plain colour and has no image anywhere near it.
    const ownBackground = backgroundOf(el);
    if (!ownBackground && !overMedia(el, el.getBoundingClientRect(), 'box')) continue;
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const rects = nodes.flatMap((node) => { const range = document.createRange(); range.selectNodeContents(node); return [...range.getClientRects()]; })
      .filter((rect) => rect.width >= 4 && rect.height >= 4).slice(0, 20);
    if (rects.length === 0) continue;
    const background = ownBackground || (overMedia(el, rects[0]) ? 'media' : null);
    if (!background) continue;
    const style = getComputedStyle(el);
    const colour = parse(style.webkitTextFillColor);
    if (!colour || colour.a === 0) continue;
    const size = parseFloat(style.fontSize), weight = Number(style.fontWeight);
    elements.push(el);
    candidates.push({
      element: describe(el),
      text: nodes.map((node) => node.data).join(' ').replace(/\\s+/g, ' ').trim(),
      background, colour, large: size >= 24 || (size >= 18.66 && weight >= 700), unsure: unsure(el, style),
      rects: rects.map((rect) => ({ x: rect.x + scrollX, y: rect.y + scrollY, width: rect.width, height: rect.height })),
    });
  }
  const root = document.documentElement;
  return { elements, facts: {
    candidates,
    page: { width: root.scrollWidth, height: root.scrollHeight },
    viewport: { x: scrollX, y: scrollY, width: innerWidth, height: innerHeight },
  } };
`

/** The candidates' text, and their descendants', painted transparent (old inline values kept to restore). */
const HIDE_TEXT = `
  const properties = ['color', '-webkit-text-fill-color', 'text-shadow', '-webkit-text-stroke-color', 'text-decoration-color', 'caret-color'];
  args.saved = [];
  const done = new Set();
  for (const el of args.elements) {
    for (const node of [el, ...el.querySelectorAll('*')]) {
      if (done.has(node)) continue;
      done.add(node);
      args.saved.push({ node, values: properties.map((name) => [name, node.style.getPropertyValue(name), node.style.getPropertyPriority(name)]) });
      for (const name of properties) node.style.setProperty(name, name === 'text-shadow' ? 'none' : 'transparent', 'important');
    }
  }
`

const RESTORE_TEXT = `
  for (const { node, values } of args.saved || []) {
    for (const [name, value, priority] of values) {
      if (value) node.style.setProperty(name, value, priority); else node.style.removeProperty(name);
    }
  }
  args.saved = [];
`

/** Within this fraction below the minimum, the median is too close to call from rendered pixels. */
const BORDERLINE = 0.95

interface Shot {
  clip: Rect
  members: ContrastCandidate[]
}

function unionOf(rects: Rect[]): Rect {
  const x = Math.min(...rects.map((rect) => rect.x))
  const y = Math.min(...rects.map((rect) => rect.y))
  const right = Math.max(...rects.map((rect) => rect.x + rect.width))
  const bottom = Math.max(...rects.map((rect) => rect.y + rect.height))
  return { x, y, width: right - x, height: bottom - y }
}

const areaOf = (rect: Rect) => rect.width * rect.height

/** The clip of a shot: its members' boxes, in whole pixels within the page. */
function clipOf(members: ContrastCandidate[], page: { width: number; height: number }): Rect {
  const union = unionOf(members.flatMap((member) => member.rects))
  const x = Math.max(0, Math.floor(union.x))
  const y = Math.max(0, Math.floor(union.y))
  const right = Math.min(page.width, Math.ceil(union.x + union.width))
  const bottom = Math.min(page.height, Math.ceil(union.y + union.height))
  return { x, y, width: Math.max(1, right - x), height: Math.max(1, bottom - y) }
}

/**
 * Candidates grouped into screenshots, in page order: a candidate joins the shot before it when the joint
 * clip stays under MAX_CLIP_HEIGHT and spends at most MERGE_SLACK_PX on what lies between them.
 */
export function planShots(candidates: ContrastCandidate[], page: { width: number; height: number }): Shot[] {
  const boxOf = (members: ContrastCandidate[]) => unionOf(members.flatMap((member) => member.rects))
  const groups: ContrastCandidate[][] = []
  for (const candidate of [...candidates].sort((a, b) => boxOf([a]).y - boxOf([b]).y)) {
    const group = groups.at(-1)
    const joint = group && boxOf([...group, candidate])
    const fits =
      group &&
      joint &&
      joint.height <= MAX_CLIP_HEIGHT &&
      areaOf(joint) - areaOf(boxOf(group)) - areaOf(boxOf([candidate])) <= MERGE_SLACK_PX
    if (group && fits) group.push(candidate)
    else groups.push([candidate])
  }
  return groups.map((members) => ({ clip: clipOf(members, page), members }))
}

const IDENTITY = {
  id: 'canopy-contrast-over-images',
  criteria: ['1.4.3'],
  title: 'Text over images and gradients must have enough contrast',
  description:
    'Text on a photo, an illustration or a gradient must stand out from every part of the background it ' +
    'crosses: 4.5:1 for body text, 3:1 for large text. Engines cannot read the colours of an image; this ' +
    'check measures the rendered pixels under the text. Add a solid or semi-opaque backing behind the text, ' +
    'or darken or lighten the image.',
  helpUrl: understandingUrl('contrast-minimum'),
}

const BACKGROUNDS = { image: 'a background image', gradient: 'a gradient', media: 'an image' } as const

/** Failed when most of the background under the text is below the minimum, review when only parts are. */
export function judgeContrast(
  candidate: ContrastCandidate,
  measured: ReturnType<typeof measurePixelContrast>,
): CheckVerdict | null {
  if (measured.pixels === 0) return null
  // Text that would stand out but changed no pixel is covered by something else: its contrast is not seen.
  if (measured.painted < MIN_PAINTED_SHARE && measured.median >= 1.5) return null
  const minimum = candidate.large ? LARGE_MINIMUM : NORMAL_MINIMUM
  if (measured.worst >= minimum) return null
  const clear = measured.median < minimum * BORDERLINE && !candidate.unsure
  const ratio = (value: number) => `${value.toFixed(2)}:1`
  const over = BACKGROUNDS[candidate.background]
  return {
    outcome: clear ? 'failed' : 'review',
    element: candidate.element,
    message: `The text ${quote(candidate.text, 40)} over ${over} has a contrast of ${ratio(measured.median)} on average and ${ratio(measured.worst)} where the background is closest to its colour; ${
      candidate.large ? 'large text' : 'text'
    } needs ${ratio(minimum)}.${candidate.unsure ? ' Its shadow, outline, blending or transparency may change that: check it by eye.' : ''}`,
  }
}

const within = (clip: Rect, area: Rect) =>
  clip.x >= area.x &&
  clip.y >= area.y &&
  clip.x + clip.width <= area.x + area.width &&
  clip.y + clip.height <= area.y + area.height

/**
 * Screenshots of the shots' clips, in page coordinates, by the DevTools protocol: one round trip each,
 * several times cheaper than Playwright's full-page screenshot, which re-lays out the page around it.
 * Only a clip off screen asks Chromium to render beyond the viewport, which costs it twice as much.
 */
async function capture(cdp: CDPSession, shots: Shot[], viewport: Rect): Promise<Bitmap[]> {
  const bitmaps: Bitmap[] = []
  for (const { clip } of shots) {
    const { data } = await cdp.send('Page.captureScreenshot', {
      format: 'png',
      clip: { ...clip, scale: 1 },
      captureBeyondViewport: !within(clip, viewport),
    })
    bitmaps.push(decodePng(Buffer.from(data, 'base64')))
  }
  return bitmaps
}

/** Screenshots of the candidates with their text, then without it (the page is put back afterwards). */
async function captureBoth(page: Page, state: JSHandle, shots: Shot[], viewport: Rect) {
  const cdp = await page.context().newCDPSession(page)
  try {
    const shown = await capture(cdp, shots, viewport)
    await page.evaluate(pageFunction(HIDE_TEXT), state)
    try {
      return { shown, background: await capture(cdp, shots, viewport) }
    } finally {
      await page.evaluate(pageFunction(RESTORE_TEXT), state)
    }
  } finally {
    await cdp.detach()
  }
}

function measureShot(shot: Shot, shown: Bitmap, background: Bitmap): CheckVerdict[] {
  return shot.members.flatMap((candidate) => {
    const rects = candidate.rects.map((rect) => ({
      ...rect,
      x: rect.x - shot.clip.x,
      y: rect.y - shot.clip.y,
    }))
    return judgeContrast(candidate, measurePixelContrast(candidate.colour, shown, background, rects)) ?? []
  })
}

export const contrastOverImagesCheck: PageCheck = {
  ...IDENTITY,
  // It paints the candidates' text transparent between its two screenshots, and puts it back.
  changesPage: true,
  async run(page) {
    const state = await page.evaluateHandle(pageFunction(FIND_CANDIDATES), {
      maxCandidates: MAX_CANDIDATES,
      maxTextNodes: MAX_TEXT_NODES,
    })
    try {
      const facts = (await (await state.getProperty('facts')).jsonValue()) as CandidateFacts
      if (facts.candidates.length === 0) return []
      const shots = planShots(facts.candidates, facts.page)
      const { shown, background } = await captureBoth(page, state, shots, facts.viewport)
      const verdicts = shots.flatMap((shot, i) => {
        const [withText, without] = [shown[i], background[i]]
        return withText && without ? measureShot(shot, withText, without) : []
      })
      return findingsOf(IDENTITY, verdicts, true)
    } finally {
      await state.dispose()
    }
  },
}
