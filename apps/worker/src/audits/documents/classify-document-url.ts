/** The spec's document kinds (constants.json documents.kinds) plus media, as the DocumentKind enum stores them. */
export type DocumentKind = 'pdf' | 'doc' | 'spreadsheet' | 'powerpoint' | 'archive' | 'media'

const EXTENSIONS: Record<DocumentKind, readonly string[]> = {
  pdf: ['.pdf'],
  doc: ['.doc', '.docx', '.docm', '.dot', '.dotm', '.xps'],
  spreadsheet: ['.xls', '.xlsb', '.xlsm', '.xlsx', '.xlt', '.xltm', '.xlw'],
  powerpoint: ['.pps', '.ppsm', '.ppsx', '.ppt', '.pptm', '.pptx'],
  // The spec names .rar and .zip "and others"; these are the others people publish.
  archive: ['.zip', '.rar', '.7z', '.tar', '.gz', '.tgz', '.bz2', '.tbz2', '.xz', '.txz', '.zst'],
  media: [
    '.mp3',
    '.wav',
    '.ogg',
    '.oga',
    '.opus',
    '.m4a',
    '.aac',
    '.flac',
    '.wma',
    '.mp4',
    '.m4v',
    '.mov',
    '.avi',
    '.webm',
    '.ogv',
    '.mkv',
    '.wmv',
    '.mpg',
    '.mpeg',
  ],
}

const KIND_BY_EXTENSION = new Map<string, DocumentKind>(
  Object.entries(EXTENSIONS).flatMap(([kind, extensions]) =>
    extensions.map((extension) => [extension, kind as DocumentKind] as const),
  ),
)

export const DOCUMENT_EXTENSIONS: Readonly<Record<DocumentKind, readonly string[]>> = EXTENSIONS

/**
 * The kind of document a link points at, by the extension of its path (query and fragment ignored, case
 * ignored, percent-encoding decoded); null for pages and anything else. Relative URLs are read against a
 * dummy base so a bare path works too.
 */
export function classifyDocumentUrl(url: string): DocumentKind | null {
  return KIND_BY_EXTENSION.get(extensionOfPath(url) ?? '') ?? null
}

/** The lower-cased extension of a URL's last path segment ('.pdf'); null when it has none. */
function extensionOfPath(url: string): string | null {
  let pathname: string
  try {
    pathname = new URL(url, 'http://relative.invalid/').pathname
  } catch {
    return null
  }
  let lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1).toLowerCase()
  try {
    lastSegment = decodeURIComponent(lastSegment)
  } catch {
    // keep it encoded
  }
  const dot = lastSegment.lastIndexOf('.')
  return dot <= 0 ? null : lastSegment.slice(dot)
}

/** What a media item is: image, audio or video. */
export type MediaType = 'image' | 'audio' | 'video'

const AUDIO_EXTENSIONS = new Set(['.mp3', '.wav', '.ogg', '.oga', '.opus', '.m4a', '.aac', '.flac', '.wma'])
const IMAGE_EXTENSIONS = new Set([
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.svg',
  '.webp',
  '.avif',
  '.bmp',
  '.ico',
  '.tif',
  '.tiff',
])

/**
 * A linked media file's type by its extension: the audio and image extensions above, every other media
 * extension (DOCUMENT_EXTENSIONS.media) video; null for anything else. Media a page shows (img, audio, video)
 * take their type from the element instead.
 */
export function mediaTypeOfUrl(url: string): MediaType | null {
  const extension = extensionOfPath(url)
  if (extension === null) return null
  if (AUDIO_EXTENSIONS.has(extension)) return 'audio'
  if (IMAGE_EXTENSIONS.has(extension)) return 'image'
  return KIND_BY_EXTENSION.get(extension) === 'media' ? 'video' : null
}
