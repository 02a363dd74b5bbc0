export {
  ACCESSIBILITY_WEIGHTS,
  type AnalysePdfOptions,
  analysePdf,
  type PdfAnalysis,
  PdfAnalysisError,
  parsePdfDate,
  SHORT_DOCUMENT_PAGES,
} from './analyse-pdf.js'
export {
  classifyDocumentUrl,
  DOCUMENT_EXTENSIONS,
  type DocumentKind,
  type MediaType,
  mediaTypeOfUrl,
} from './classify-document-url.js'
export { type MeasureDocumentSizeOptions, measureDocumentSize } from './measure-document-size.js'
