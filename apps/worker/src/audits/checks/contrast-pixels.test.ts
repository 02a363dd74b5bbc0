import { describe, expect, it } from 'vitest'
import { type Bitmap, contrastRatio, luminance, measurePixelContrast } from './contrast-pixels.js'

/** A bitmap of `width` x 1 whose pixels are the given grey levels. */
function greys(levels: number[]): Bitmap {
  const data = new Uint8Array(levels.length * 4)
  for (const [i, level] of levels.entries()) data.set([level, level, level, 255], i * 4)
  return { width: levels.length, height: 1, data }
}

describe('pixel contrast', () => {
  it("follows WCAG's luminance and contrast ratio", () => {
    expect(contrastRatio(luminance(0, 0, 0), luminance(255, 255, 255))).toBeCloseTo(21, 5)
    expect(contrastRatio(luminance(118, 118, 118), luminance(255, 255, 255))).toBeCloseTo(4.54, 2)
    expect(contrastRatio(luminance(255, 255, 255), luminance(255, 255, 255))).toBe(1)
  })

  it('takes the worst 5 % and the median of the background under the text', () => {
    const background = greys([...Array(19).fill(0), 255])
    const shown = greys([...Array(19).fill(0), 0])
    const white = { r: 255, g: 255, b: 255, a: 1 }
    const result = measurePixelContrast(white, shown, background, [{ x: 0, y: 0, width: 20, height: 1 }])
    expect(result.median).toBeCloseTo(21, 5)
    expect(result.worst).toBeCloseTo(21, 5)
    expect(result.pixels).toBe(20)
    expect(result.painted).toBeCloseTo(1 / 20, 5)
    const light = greys([...Array(10).fill(0), ...Array(10).fill(250)])
    expect(
      measurePixelContrast(white, light, light, [{ x: 0, y: 0, width: 20, height: 1 }]).worst,
    ).toBeLessThan(1.1)
  })

  it('blends translucent text over each pixel and clips boxes to the bitmap', () => {
    const black = greys([0, 0])
    const halfWhite = { r: 255, g: 255, b: 255, a: 0.5 }
    const result = measurePixelContrast(halfWhite, black, black, [{ x: -5, y: 0, width: 100, height: 3 }])
    expect(result.pixels).toBe(2)
    expect(result.median).toBeCloseTo(contrastRatio(luminance(127.5, 127.5, 127.5), 0), 5)
  })
})
