import { z } from 'zod'
import { SysSchema } from './paging.js'

export const SECTION_SWITCHER_PAGE_SIZE = 8

export const SectionMatchTypeSchema = z.enum(['Includes', 'Excludes'])
export const SectionSourceSchema = z.enum(['Path', 'Author', 'Metatag'])
/** Wire values are the labels the spec shows. */
export const SectionOperatorSchema = z.enum(['Starts with', 'Ends with', 'Contains', 'Equals', 'Regex'])

export const SECTION_MESSAGES = {
  valueRequired: 'A value is required.',
  nameRequired: 'A name is required.',
  created: 'Section created successfully',
  updated: 'Section updated successfully',
  deleted: 'Section deleted successfully',
  saveFailed: 'Failed to save section. Please try again.',
  missingId: 'Section ID is missing from the URL.',
} as const

export const SectionConditionSchema = z
  .object({
    matchType: SectionMatchTypeSchema.default('Includes'),
    source: SectionSourceSchema.default('Path'),
    operator: SectionOperatorSchema.default('Starts with'),
    name: z.string().trim().max(200).nullable().optional(),
    value: z
      .string({ error: SECTION_MESSAGES.valueRequired })
      .trim()
      .min(1, SECTION_MESSAGES.valueRequired)
      .max(2000),
  })
  .superRefine((condition, ctx) => {
    if (condition.source === 'Metatag' && !condition.name) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: SECTION_MESSAGES.nameRequired })
    }
    // A Regex value is checked by the API with the engine that runs it (section-pattern.ts).
  })
export type SectionCondition = z.infer<typeof SectionConditionSchema>

export const SectionWriteSchema = z.object({
  title: z.string().trim().min(1, 'A title is required.').max(200),
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'A slug may hold only lowercase letters, digits and hyphens.')
    .max(200)
    .optional(),
  description: z.string().trim().max(2000).optional(),
  conditions: z.array(SectionConditionSchema).max(50).default([]),
})
export type SectionWrite = z.infer<typeof SectionWriteSchema>

export const SectionSchema = z.object({
  sys: SysSchema,
  entryTitle: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  conditions: z.array(
    z.object({
      matchType: SectionMatchTypeSchema,
      source: SectionSourceSchema,
      operator: SectionOperatorSchema,
      name: z.string().nullable(),
      value: z.string(),
    }),
  ),
  pagesInSection: z.number().int(),
  overallScore: z.number().nullable(),
  hasFirstScanned: z.boolean(),
})
export type Section = z.infer<typeof SectionSchema>

/** A section's slug: its title lowercased, trimmed and hyphenated. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .trim()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** `base`, or `base-2`, `base-3`… whichever is free. */
export function pickFreeSlug(base: string, taken: readonly string[]): string {
  const used = new Set(taken)
  if (!used.has(base)) return base
  let suffix = 2
  while (used.has(`${base}-${suffix}`)) suffix += 1
  return `${base}-${suffix}`
}
