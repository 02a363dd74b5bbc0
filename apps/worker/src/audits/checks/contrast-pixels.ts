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

/** The rects in whole pixels, clipped to the bitmap. */
function pixelBoxes(bitmap: Bitmap, rects: Rect[]) {
  return rects.map((rect) => ({
    left: Math.max(0, Math.floor(rect.x)),
    right: Math.min(bitmap.width, Math.ceil(rect.x + rect.width)),
    top: Math.max(0, Math.floor(rect.y)),
    bottom: Math.min(bitmap.height, Math.ceil(rect.y + rect.height)),
  }))
}

/** The text's luminance over a background pixel: its own, or blended with the pixel when translucent. */
function textLuminanceOver(text: Rgba, r: number, g: number, b: number): number {
  if (text.a >= 1) return luminance(text.r, text.g, text.b)
  const blend = (fg: number, bg: number) => text.a * fg + (1 - text.a) * bg
  return luminance(blend(text.r, r), blend(text.g, g), blend(text.b, b))
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
  const boxes = pixelBoxes(background, rects)
  const ratios = new Float64Array(
    boxes.reduce(
      (sum, box) => sum + Math.max(0, box.right - box.left) * Math.max(0, box.bottom - box.top),
      0,
    ),
  )
  const opaqueText = text.a >= 1 ? luminance(text.r, text.g, text.b) : null
  const d = background.data
  const s = shown.data
  let count = 0
  let painted = 0
  for (const { left, right, top, bottom } of boxes) {
    for (let y = top; y < bottom; y++) {
      for (
        let i = (y * background.width + left) * 4, end = (y * background.width + right) * 4;
        i < end;
        i += 4
      ) {
        const r = d[i] ?? 0
        const g = d[i + 1] ?? 0
        const b = d[i + 2] ?? 0
        ratios[count++] = contrastRatio(opaqueText ?? textLuminanceOver(text, r, g, b), luminance(r, g, b))
        if (Math.abs((s[i] ?? 0) - r) + Math.abs((s[i + 1] ?? 0) - g) + Math.abs((s[i + 2] ?? 0) - b) > 24)
          painted++
      }
    }
  }
  if (count === 0) return { worst: 0, median: 0, pixels: 0, painted: 0 }
  ratios.sort()
  const at = (share: number) => ratios[Math.min(count - 1, Math.floor(count * share))] ?? 0
  return { worst: at(0.05), median: at(0.5), pixels: count, painted: painted / count }
}
