import { getDocument, OPS, PDFDateString } from 'pdfjs-dist/legacy/build/pdf.mjs'

export interface PdfAnalysis {
  title: string | null
  author: string | null
  /** the catalog's /Lang as written (e.g. 'en-GB') */
  language: string | null
  pageCount: number
  /** bytes */
  size: number
  createdAt: Date | null
  modifiedAt: Date | null
  /** MarkInfo /Marked true, or a structure tree */
  isTagged: boolean
  /** no page has a text layer while pages carry images: a scan; machine readable is its inverse */
  isScanned: boolean
  hasTextLayer: boolean
  hasOutline: boolean
  /** 0-100, see ACCESSIBILITY_WEIGHTS */
  accessibilityScore: number
}

export interface AnalysePdfOptions {
  /** pages read for text and images; the rest are assumed alike. Default 50 */
  maxPagesInspected?: number
}

/**
 * What makes a PDF usable with assistive technology, after the PDF/UA and WCAG PDF techniques a checker can
 * read without rendering: tags carry the reading order and structure (PDF1, PDF9); a text layer is what
 * screen readers read at all (a scan has none); a title and a language are announced and pick the voice
 * (PDF18, PDF16); bookmarks let long documents be navigated (PDF2) — documents of up to
 * SHORT_DOCUMENT_PAGES pages earn those points without them.
 */
export const ACCESSIBILITY_WEIGHTS = {
  tagged: 35,
  textLayer: 25,
  title: 15,
  language: 15,
  outline: 10,
} as const
export const SHORT_DOCUMENT_PAGES = 10

export class PdfAnalysisError extends Error {
  override readonly name = 'PdfAnalysisError'
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null
}

/** D:YYYYMMDDHHmmSSOHH'mm' (any tail may be missing); null when it is not a PDF date. */
export function parsePdfDate(value: unknown): Date | null {
  if (typeof value !== 'string') return null
  const date = PDFDateString.toDateObject(value)
  return date && !Number.isNaN(date.getTime()) ? date : null
}

const IMAGE_OPERATORS = new Set<number>([
  OPS.paintImageXObject,
  OPS.paintInlineImageXObject,
  OPS.paintImageMaskXObject,
  OPS.paintImageXObjectRepeat,
  OPS.paintInlineImageXObjectGroup,
])

type PdfLoadingTask = ReturnType<typeof getDocument>
type PdfDocument = Awaited<PdfLoadingTask['promise']>

/** Waits for pdf.js to parse the bytes; a password-protected or unreadable file is a PdfAnalysisError. */
async function openDocument(loadingTask: PdfLoadingTask): Promise<PdfDocument> {
  try {
    return await loadingTask.promise
  } catch (error) {
    const name = (error as { name?: string }).name ?? 'Error'
    throw new PdfAnalysisError(
      name === 'PasswordException' ? 'The PDF is password protected' : `Not a readable PDF (${name})`,
      { cause: error },
    )
  }
}

/**
 * Looks at the first `inspected` pages, stopping at the first one with text: whether the document has a
 * text layer, whether those pages paint images (a scan), and whether the first page has a structure tree.
 */
async function inspectPages(document: PdfDocument, inspected: number) {
  let hasTextLayer = false
  let hasImages = false
  let hasStructTree = false
  for (let number = 1; number <= inspected && !hasTextLayer; number += 1) {
    const page = await document.getPage(number)
    if (number === 1) hasStructTree = (await page.getStructTree()) !== null
    const content = await page.getTextContent()
    hasTextLayer = content.items.some((item) => 'str' in item && item.str.trim() !== '')
    if (!hasTextLayer && !hasImages) {
      const operators = await page.getOperatorList()
      hasImages = operators.fnArray.some((operator) => IMAGE_OPERATORS.has(operator))
    }
    page.cleanup()
  }
  return { hasTextLayer, hasImages, hasStructTree }
}

/**
 * Reads a PDF's metadata and accessibility markers. Throws PdfAnalysisError for bytes that are not a PDF
 * or a PDF that needs a password.
 */
export async function analysePdf(bytes: Uint8Array, options: AnalysePdfOptions = {}): Promise<PdfAnalysis> {
  const size = bytes.byteLength
  // pdf.js takes ownership of the buffer it is given (it may transfer it); keep the caller's intact.
  const loadingTask = getDocument({
    data: new Uint8Array(bytes),
    verbosity: 0,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
  })
  try {
    const document = await openDocument(loadingTask)
    const { info, metadata } = await document.getMetadata()
    const fields = info as Record<string, unknown>
    const markInfo = (await document.getMarkInfo()) as unknown
    const marked =
      markInfo instanceof Map
        ? markInfo.get('Marked') === true
        : (markInfo as { Marked?: boolean } | null)?.Marked === true

    const pageCount = document.numPages
    const inspected = Math.min(pageCount, options.maxPagesInspected ?? 50)
    const { hasTextLayer, hasImages, hasStructTree } = await inspectPages(document, inspected)
    const outline = await document.getOutline()
    const hasOutline = Array.isArray(outline) && outline.length > 0

    const title = text(fields.Title) ?? text(metadata?.get('dc:title'))
    const language = text(fields.Language)
    const isTagged = marked || hasStructTree
    const weights = ACCESSIBILITY_WEIGHTS
    const accessibilityScore =
      (isTagged ? weights.tagged : 0) +
      (hasTextLayer ? weights.textLayer : 0) +
      (title ? weights.title : 0) +
      (language ? weights.language : 0) +
      (hasOutline || pageCount <= SHORT_DOCUMENT_PAGES ? weights.outline : 0)

    return {
      title,
      author: text(fields.Author) ?? text(metadata?.get('dc:creator')),
      language,
      pageCount,
      size,
      createdAt: parsePdfDate(fields.CreationDate),
      modifiedAt: parsePdfDate(fields.ModDate),
      isTagged,
      isScanned: !hasTextLayer && hasImages,
      hasTextLayer,
      hasOutline,
      accessibilityScore,
    }
  } finally {
    await loadingTask.destroy()
  }
}
