import { type PagedList, type Section, type SectionWrite, slugify } from '@canopy/contracts'
import { compileSectionPattern } from '@canopy/contracts/section-pattern'
import {
  createSection,
  deleteSection,
  findSection,
  findSectionBySlug,
  isUniqueConstraintError,
  listSections,
  type PrismaClient,
  type SectionListSortKey,
  type SectionWriteInput,
  updateSection,
} from '@canopy/db'
import { badRequest, conflict, notFound } from '../http-errors.js'
import { presentPagedList, toPageWindow } from '../presenters/paged-list.js'
import { presentSection } from '../presenters/section.js'
import { toDbOperator } from './section-operators.js'

export const SECTION_NOT_FOUND_MESSAGE = 'No section could be found with this ID.'
export const SECTION_SLUG_TAKEN_MESSAGE = 'Another section of this site already uses this slug.'
export const SECTION_TITLE_NEEDS_LETTERS_MESSAGE = 'The title must contain at least one letter or digit.'

export interface SectionListQuery {
  page: number
  pageSize: number
  sortBy?: SectionListSortKey
  sortDir?: 'asc' | 'desc'
  search?: string
}

export async function listSiteSections(
  prisma: PrismaClient,
  siteId: string,
  query: SectionListQuery,
): Promise<PagedList<Section>> {
  const { rows, totalCount } = await listSections(prisma, {
    siteId,
    search: query.search?.trim() || undefined,
    sortBy: query.sortBy ?? 'title',
    sortDir: query.sortDir ?? 'asc',
    ...toPageWindow(query),
  })
  return presentPagedList(rows.map(presentSection), totalCount, query)
}

export async function getSiteSection(
  prisma: PrismaClient,
  siteId: string,
  sectionId: string,
): Promise<Section> {
  const row = await findSection(prisma, { siteId, sectionId })
  if (!row) throw notFound(SECTION_NOT_FOUND_MESSAGE)
  return presentSection(row)
}

/** Every Regex condition compiles in the engine the worker runs it with, else 400 naming its value. */
export function assertPatternsRunnable(conditions: SectionWrite['conditions']) {
  conditions.forEach((condition, index) => {
    if (condition.operator !== 'Regex') return
    const pattern = compileSectionPattern(condition.value)
    if ('error' in pattern) throw badRequest(`conditions.${index}.value`, pattern.error)
  })
}

/** The slug given, else one made from the title; the field to blame when it clashes. */
function toWriteInput(body: SectionWrite): { input: SectionWriteInput; slugField: 'slug' | 'title' } {
  assertPatternsRunnable(body.conditions)
  const slug = body.slug ?? slugify(body.title)
  if (!slug) throw badRequest('title', SECTION_TITLE_NEEDS_LETTERS_MESSAGE)
  return {
    slugField: body.slug ? 'slug' : 'title',
    input: {
      slug,
      title: body.title,
      description: body.description || null,
      conditions: body.conditions.map((condition) => ({
        matchType: condition.matchType,
        source: condition.source,
        operator: toDbOperator(condition.operator),
        // A meta tag name means something only for the Metatag source.
        name: condition.source === 'Metatag' ? (condition.name ?? null) : null,
        value: condition.value,
      })),
    },
  }
}

async function assertSlugFree(
  prisma: PrismaClient,
  siteId: string,
  slug: string,
  field: string,
  ownId?: string,
) {
  const existing = await findSectionBySlug(prisma, { siteId, slug })
  if (existing && existing.id !== ownId) throw conflict(field, SECTION_SLUG_TAKEN_MESSAGE)
}

function rethrowSlugClash(field: string) {
  return (error: unknown): never => {
    if (isUniqueConstraintError(error)) throw conflict(field, SECTION_SLUG_TAKEN_MESSAGE)
    throw error
  }
}

export async function createSiteSection(
  prisma: PrismaClient,
  siteId: string,
  body: SectionWrite,
): Promise<Section> {
  const { input, slugField } = toWriteInput(body)
  await assertSlugFree(prisma, siteId, input.slug, slugField)
  const row = await createSection(prisma, { siteId, ...input }).catch(rethrowSlugClash(slugField))
  return presentSection(row)
}

export async function changeSiteSection(
  prisma: PrismaClient,
  siteId: string,
  sectionId: string,
  body: SectionWrite,
): Promise<Section> {
  if (!(await findSection(prisma, { siteId, sectionId }))) throw notFound(SECTION_NOT_FOUND_MESSAGE)
  const { input, slugField } = toWriteInput(body)
  await assertSlugFree(prisma, siteId, input.slug, slugField, sectionId)
  const row = await updateSection(prisma, { siteId, sectionId, ...input }).catch(rethrowSlugClash(slugField))
  if (!row) throw notFound(SECTION_NOT_FOUND_MESSAGE)
  return presentSection(row)
}

export async function removeSiteSection(
  prisma: PrismaClient,
  siteId: string,
  sectionId: string,
): Promise<void> {
  if (!(await deleteSection(prisma, { siteId, sectionId }))) throw notFound(SECTION_NOT_FOUND_MESSAGE)
}
