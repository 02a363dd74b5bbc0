import { readFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { notFound } from '../http-errors.js'

/** Our illustrations are SVG files kept with the web app; each is served rasterised at the asked size. */
export const ILLUSTRATIONS_DIR = path.resolve(import.meta.dirname, '../../../web/src/assets/illustrations')
export const ILLUSTRATION_NOT_FOUND_MESSAGE = 'No illustration could be found at this address.'

/** small and large widths in px (constants.json illustrationSizes) */
const SIZES = new Set([240, 480])
/** `<name>.<format>` at 1x, `<name>@2x.<format>` at 2x (the spec leaves file naming open) */
const FILE_PATTERN = /^([a-z0-9-]+)(@2x)?\.(avif|webp|png)$/
const NAME_PATTERN = /^[a-z0-9-]{1,64}$/

const CONTENT_TYPES = { avif: 'image/avif', webp: 'image/webp', png: 'image/png' } as const
type Format = keyof typeof CONTENT_TYPES

const rendered = new Map<string, Promise<Buffer>>()

/**
 * The illustration `name` at `size` (240 or 480 px wide, twice that for @2x) in the file's format. Names
 * are checked against a strict pattern before any file is read, so no path can leave the folder; anything
 * unknown is a 404.
 */
export async function renderIllustration(name: string, size: string, file: string) {
  const match = FILE_PATTERN.exec(file)
  const width = Number(size)
  if (!NAME_PATTERN.test(name) || !SIZES.has(width) || !match || match[1] !== name) {
    throw notFound(ILLUSTRATION_NOT_FOUND_MESSAGE)
  }
  const format = match[3] as Format
  const pixels = match[2] ? width * 2 : width
  const key = `${name}/${pixels}.${format}`
  let image = rendered.get(key)
  if (!image) {
    image = rasterise(name, pixels, format)
    rendered.set(key, image)
    image.catch(() => rendered.delete(key))
  }
  return { body: await image, contentType: CONTENT_TYPES[format] }
}

async function rasterise(name: string, width: number, format: Format): Promise<Buffer> {
  const svg = await readFile(path.join(ILLUSTRATIONS_DIR, `${name}.svg`)).catch(() => {
    throw notFound(ILLUSTRATION_NOT_FOUND_MESSAGE)
  })
  return sharp(svg, { density: 300 }).resize({ width }).toFormat(format).toBuffer()
}
