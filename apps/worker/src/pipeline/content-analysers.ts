import type { PrismaClient } from '@canopy/db'
import { extractContacts } from '../audits/contacts/index.js'
import { measureReadability } from '../audits/readability/index.js'
import { createSpellChecker } from '../audits/spelling/index.js'
import type { ContentAnalysers } from './audit-page.js'

/** Extensions per kind from the spec's constants.json (documents.kinds); archives also take the usual others. */
const DOCUMENT_EXTENSIONS: Record<string, string[]> = {
  pdf: ['.pdf'],
  doc: ['.doc', '.docx', '.docm', '.dot', '.dotm', '.xps'],
  spreadsheet: ['.xls', '.xlsb', '.xlsm', '.xlsx', '.xlt', '.xltm', '.xlw'],
  powerpoint: ['.pps', '.ppsm', '.ppsx', '.ppt', '.pptm', '.pptx'],
  archive: ['.rar', '.zip', '.7z', '.tar', '.gz', '.tgz', '.bz2'],
  media: ['.mp3', '.mp4', '.m4a', '.m4v', '.wav', '.ogg', '.oga', '.webm', '.mov', '.avi', '.flac', '.aac'],
}

function classifyByExtension(url: string): string | null {
  let pathname: string
  try {
    pathname = new URL(url).pathname.toLowerCase()
  } catch {
    return null
  }
  for (const [kind, extensions] of Object.entries(DOCUMENT_EXTENSIONS)) {
    if (extensions.some((extension) => pathname.endsWith(extension))) return kind
  }
  return null
}

/** The site's custom dictionary words: the global dictionary's and the given language's. */
async function loadCustomWords(
  prisma: PrismaClient,
  siteId: string,
  language: string | null,
): Promise<string[]> {
  const base = language?.split('-')[0]?.toLowerCase() ?? null
  const words = await prisma.dictionaryWord.findMany({
    where: {
      dictionary: {
        siteId,
        OR: [
          { language: null },
          ...(language ? [{ language }, ...(base && base !== language ? [{ language: base }] : [])] : []),
        ],
      },
    },
    select: { word: true },
  })
  return words.map((row) => row.word)
}

/**
 * The content modules the page pipeline calls: readability, spelling with the site's dictionaries
 * (none for a single page scan outside a site), contacts, and document classification.
 */
export function createContentAnalysers(
  options: { prisma?: PrismaClient; siteId?: string | null } = {},
): ContentAnalysers {
  return {
    measureReadability: (text, language) => measureReadability(text, language),
    findMisspellings: async (text, language) => {
      const customWords =
        options.prisma && options.siteId
          ? await loadCustomWords(options.prisma, options.siteId, language)
          : []
      const checker = await createSpellChecker({ language, customWords })
      return checker.misspellings(text)
    },
    extractContacts: (input) => extractContacts(input),
    classifyDocumentUrl: classifyByExtension,
  }
}

export { classifyByExtension }
