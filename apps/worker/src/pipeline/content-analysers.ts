import { listCustomDictionaryWords, type PrismaClient } from '@canopy/db'
import type { CountryCode } from 'libphonenumber-js/max'
import { extractContacts } from '../audits/contacts/index.js'
import { classifyDocumentUrl } from '../audits/documents/index.js'
import { measureReadability } from '../audits/readability/index.js'
import { createSpellChecker } from '../audits/spelling/index.js'
import type { ContentAnalysers } from './audit-page.js'

/** Documents by the spec's extensions (audits/documents); anything else a crawler may load as a page. */
function classifyByExtension(url: string): string | null {
  return classifyDocumentUrl(url)
}

/** The site's custom dictionary words: the global dictionary's and the given language's. */
async function loadCustomWords(
  prisma: PrismaClient,
  siteId: string,
  language: string | null,
): Promise<string[]> {
  const base = language?.split('-')[0]?.toLowerCase() ?? null
  const languages = language ? [language, ...(base && base !== language ? [base] : [])] : []
  return listCustomDictionaryWords(prisma, siteId, languages)
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
    extractContacts: ({ region, ...input }) =>
      extractContacts({ ...input, defaultRegion: region as CountryCode | undefined }),
    classifyDocumentUrl: classifyByExtension,
  }
}

export { classifyByExtension }
