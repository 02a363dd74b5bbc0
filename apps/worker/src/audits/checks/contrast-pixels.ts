import { PNG } from 'pngjs'

/**
 * Contrast from rendered pixels: WCAG's relative luminance and contrast ratio, applied to a text colour
 * against every background pixel under the text, summed up by percentiles (the worst-lit part of a photo
 * decides whether the text can be read there).
 */
export interface Rgba {
  r: number
  g: number
  b: number
  /** 0-1 */
  a: number
}

export interface Rect {
  x: number
  y: number
  width: number
  height: number
}

export interface Bitmap {
  width: number
  height: number
  /** RGBA, 4 bytes a pixel, row by row */
  data: Uint8Array
}

export function decodePng(png: Buffer): Bitmap {
  const { width, height, data } = PNG.sync.read(png)
  return { width, height, data }
}

/** sRGB channel (0-255) to linear light, as WCAG's relative luminance defines it. */
const LINEAR = Array.from({ length: 256 }, (_, value) => {
  const c = value / 255
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
})

export function luminance(r: number, g: number, b: number): number {
  return (
    0.2126 * (LINEAR[Math.round(r)] ?? 0) +
    0.7152 * (LINEAR[Math.round(g)] ?? 0) +
    0.0722 * (LINEAR[Math.round(b)] ?? 0)
  )
}

export function contrastRatio(l1: number, l2: number): number {
  return (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05)
}

export interface PixelContrast {
  /** contrast of the text colour against the background pixels: 5th percentile (the worst parts) */
  worst: number
  median: number
  /** pixels sampled */
  pixels: number
  /** share of those pixels where the text, shown, changed the rendering: 0 when it is covered or invisible */
  painted: number
}

/** Every pixel of `rects` (in the bitmaps' coordinates, clipped to them) as an index into the data. */
function* pixelsOf(bitmap: Bitmap, rects: Rect[]): Generator<number> {
  for (const rect of rects) {
    const left = Math.max(0, Math.floor(rect.x))
    const right = Math.min(bitmap.width, Math.ceil(rect.x + rect.width))
    const top = Math.max(0, Math.floor(rect.y))
    const bottom = Math.min(bitmap.height, Math.ceil(rect.y + rect.height))
    for (let y = top; y < bottom; y++) {
      for (let x = left; x < right; x++) yield (y * bitmap.width + x) * 4
    }
  }
}

/**
 * The contrast of `text` (its colour, blended over each pixel when translucent) against the background
 * rendered without it (`background`), under the text's boxes; `shown` is the same region with the text.
 */
export function measurePixelContrast(
  text: Rgba,
  shown: Bitmap,
  background: Bitmap,
  rects: Rect[],
): PixelContrast {
  const ratios: number[] = []
  let painted = 0
  const d = background.data
  for (const i of pixelsOf(background, rects)) {
    const r = d[i] ?? 0
    const g = d[i + 1] ?? 0
    const b = d[i + 2] ?? 0
    const blend = (fg: number, bg: number) => text.a * fg + (1 - text.a) * bg
    const lb = luminance(r, g, b)
    ratios.push(contrastRatio(luminance(blend(text.r, r), blend(text.g, g), blend(text.b, b)), lb))
    const s = shown.data
    const change = Math.abs((s[i] ?? 0) - r) + Math.abs((s[i + 1] ?? 0) - g) + Math.abs((s[i + 2] ?? 0) - b)
    if (change > 24) painted++
  }
  if (ratios.length === 0) return { worst: 0, median: 0, pixels: 0, painted: 0 }
  ratios.sort((a, b) => a - b)
  const at = (share: number) => ratios[Math.min(ratios.length - 1, Math.floor(ratios.length * share))] ?? 0
  return { worst: at(0.05), median: at(0.5), pixels: ratios.length, painted: painted / ratios.length }
}
