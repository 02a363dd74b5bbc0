import { readFileSync } from 'node:fs'
import { crc32, deflateSync } from 'node:zlib'
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { DOCUMENTS } from '../../../../../tests/fixtures/site/planted.js'
import { analysePdf, PdfAnalysisError, parsePdfDate } from './analyse-pdf.js'
import { classifyDocumentUrl, mediaTypeOfUrl } from './classify-document-url.js'

describe('classifyDocumentUrl', () => {
  it.each([
    ['https://site.test/files/report.pdf', 'pdf'],
    ['https://site.test/files/REPORT.PDF?download=1#page=2', 'pdf'],
    ['/forms/application.docx', 'doc'],
    ['https://site.test/a/template.dotm', 'doc'],
    ['https://site.test/budget.xlsx', 'spreadsheet'],
    ['https://site.test/old.xlw', 'spreadsheet'],
    ['https://site.test/slides.pptx', 'powerpoint'],
    ['https://site.test/show.pps', 'powerpoint'],
    ['https://site.test/maps.zip', 'archive'],
    ['https://site.test/src.tar.gz', 'archive'],
    ['https://site.test/backup.7z', 'archive'],
    ['https://site.test/podcast.mp3', 'media'],
    ['https://site.test/clip.webm', 'media'],
    ['https://site.test/annual%20report.pdf', 'pdf'],
  ])('%s is %s', (url, kind) => {
    expect(classifyDocumentUrl(url)).toBe(kind)
  })

  it.each([
    'https://site.test/',
    'https://site.test/about',
    'https://site.test/page.html',
    'https://site.test/pdf',
    'https://site.test/report.pdf/view',
    'https://site.test/.pdf',
    'http://[bad',
  ])('%s is not a document', (url) => {
    expect(classifyDocumentUrl(url)).toBeNull()
  })
})

describe('mediaTypeOfUrl', () => {
  it.each([
    ['https://x.org/podcast/episode-1.MP3?dl=1', 'audio'],
    ['https://x.org/film.webm', 'video'],
    ['https://x.org/clip.mov#t=10', 'video'],
    ['https://x.org/images/logo.svg', 'image'],
    ['https://x.org/photo.JPEG', 'image'],
    ['https://x.org/report.pdf', null],
    ['https://x.org/page', null],
  ])('%s is %s', (url, type) => {
    expect(mediaTypeOfUrl(url)).toBe(type)
  })
})

describe('parsePdfDate', () => {
  it('reads full and partial PDF dates with their time zones', () => {
    expect(parsePdfDate('D:20260220100000Z')?.toISOString()).toBe('2026-02-20T10:00:00.000Z')
    expect(parsePdfDate("D:20260220100000+01'00'")?.toISOString()).toBe('2026-02-20T09:00:00.000Z')
    expect(parsePdfDate('D:2026')?.getUTCFullYear()).toBe(2026)
    expect(parsePdfDate('yesterday')).toBeNull()
    expect(parsePdfDate(undefined)).toBeNull()
  })
})

const CREATED = new Date('2026-01-05T08:00:00Z')
const MODIFIED = new Date('2026-01-06T09:30:00Z')

async function makePdf(options: {
  text?: string
  title?: string
  language?: string
  tagged?: boolean
  image?: boolean
  pages?: number
}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  pdf.setCreationDate(CREATED)
  pdf.setModificationDate(MODIFIED)
  pdf.setAuthor('Canopy tests')
  if (options.title) pdf.setTitle(options.title)
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  const png = options.image ? await pdf.embedPng(makeGreyPng(8, 8)) : null
  for (let n = 0; n < (options.pages ?? 1); n += 1) {
    const page = pdf.addPage([300, 300])
    if (options.text) page.drawText(options.text, { x: 20, y: 250, size: 12, font })
    if (png) page.drawImage(png, { x: 0, y: 0, width: 300, height: 300 })
  }
  if (options.language) pdf.catalog.set(PDFName.of('Lang'), PDFString.of(options.language))
  if (options.tagged) pdf.catalog.set(PDFName.of('MarkInfo'), pdf.context.obj({ Marked: true }))
  return pdf.save({ useObjectStreams: false })
}

/** A real greyscale PNG: signature, IHDR, one IDAT, IEND. */
function makeGreyPng(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 0, 0, 0, 0], 8) // 8-bit greyscale
  const rows = Buffer.alloc((width + 1) * height, 0x80)
  for (let y = 0; y < height; y += 1) rows[y * (width + 1)] = 0 // filter byte: none
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

describe('analysePdf', () => {
  it('reads metadata, language and tags of a tagged PDF with text', async () => {
    const bytes = await makePdf({
      text: 'Annual report',
      title: 'Annual report',
      language: 'en-GB',
      tagged: true,
    })
    const result = await analysePdf(bytes)
    expect(result).toMatchObject({
      title: 'Annual report',
      author: 'Canopy tests',
      language: 'en-GB',
      pageCount: 1,
      size: bytes.byteLength,
      isTagged: true,
      isScanned: false,
      hasTextLayer: true,
      accessibilityScore: 100,
    })
    expect(result.createdAt?.toISOString()).toBe(CREATED.toISOString())
    expect(result.modifiedAt?.toISOString()).toBe(MODIFIED.toISOString())
    expect(bytes.byteLength).toBeGreaterThan(0) // the caller's buffer is not taken over
  }, 20_000)

  it('scores an untagged PDF without a language lower', async () => {
    const result = await analysePdf(await makePdf({ text: 'Minutes of the meeting', title: 'Minutes' }))
    expect(result).toMatchObject({ isTagged: false, language: null, hasTextLayer: true, isScanned: false })
    // text layer 25 + title 15 + short document 10
    expect(result.accessibilityScore).toBe(50)
  })

  it('takes image-only pages without text for a scan', async () => {
    const result = await analysePdf(await makePdf({ image: true, pages: 3 }))
    expect(result).toMatchObject({ pageCount: 3, isScanned: true, hasTextLayer: false, title: null })
    expect(result.accessibilityScore).toBe(10)
  })

  it('does not take an empty PDF for a scan', async () => {
    expect(await analysePdf(await makePdf({}))).toMatchObject({ isScanned: false, hasTextLayer: false })
  })

  it('withholds the outline points from long documents without bookmarks', async () => {
    const result = await analysePdf(
      await makePdf({ text: 'Page', title: 'Long', language: 'en', tagged: true, pages: 11 }),
    )
    expect(result).toMatchObject({ pageCount: 11, hasOutline: false, accessibilityScore: 90 })
  })

  it('refuses bytes that are not a PDF', async () => {
    await expect(analysePdf(new TextEncoder().encode('<html>not a pdf</html>'))).rejects.toBeInstanceOf(
      PdfAnalysisError,
    )
  })

  it("reads the fixture site's PDFs as planted.ts DOCUMENTS says", async () => {
    for (const document of DOCUMENTS) {
      expect(classifyDocumentUrl(document.path), document.path).toBe(document.kind)
      if (!document.pdf) continue
      const bytes = readFileSync(
        new URL(`../../../../../tests/fixtures/site${document.path}`, import.meta.url),
      )
      const result = await analysePdf(bytes)
      expect({
        ...result,
        createdAt: result.createdAt?.toISOString(),
        modifiedAt: result.modifiedAt?.toISOString(),
      }).toMatchObject({ ...document.pdf, size: document.size })
    }
    const report = await analysePdf(
      readFileSync(
        new URL('../../../../../tests/fixtures/site/files/annual-report-2025.pdf', import.meta.url),
      ),
    )
    expect(report.accessibilityScore).toBe(100)
    const minutes = await analysePdf(
      readFileSync(
        new URL('../../../../../tests/fixtures/site/files/council-minutes-1998.pdf', import.meta.url),
      ),
    )
    // no tags, no text, no title, no language: only the short-document points
    expect(minutes.accessibilityScore).toBe(10)
  })
})
