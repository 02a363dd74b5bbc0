import { z } from 'zod'
import { ConformanceSchema, EngineIdSchema } from './wcag.js'

/**
 * One audit outcome, in one shape whoever produced it (axe-core, Lighthouse or our
 * own SEO and content checks). `details` keeps Lighthouse's detail formats ({type: 'table'|'list'|'node'|…})
 * so one renderer in the web app shows them all.
 */
export const IssueLevelSchema = z.enum(['A', 'AA', 'AAA', 'Error', 'Manual'])
export type IssueLevel = z.infer<typeof IssueLevelSchema>

export const IssueCategorySchema = z.enum(['accessibility', 'seo', 'performance', 'content-quality'])
export type IssueCategory = z.infer<typeof IssueCategorySchema>

export const AuditOutcomeSchema = z.enum(['failed', 'manual', 'passed', 'notApplicable'])
export type AuditOutcome = z.infer<typeof AuditOutcomeSchema>

/** Detail types the renderer draws, and those it deliberately hides (screenshots and debug data). */
export const RENDERED_DETAIL_TYPES = [
  'table',
  'opportunity',
  'list',
  'checklist',
  'filmstrip',
  'network-tree',
  'criticalrequestchain',
  'node',
  'code',
  'link',
  'numeric',
  'text',
  'source-location',
  'url',
  'thumbnail',
] as const
export const HIDDEN_DETAIL_TYPES = [
  'screenshot',
  'debugdata',
  'full-page-screenshot',
  'treemap-data',
] as const

/** Lighthouse-style details: always an object with a `type`; the rest depends on the type. */
export const AuditDetailsSchema = z.looseObject({ type: z.string() })
export type AuditDetails = z.infer<typeof AuditDetailsSchema>

export const AuditSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  issueLevel: IssueLevelSchema,
  /** 0-1 as Lighthouse gives it; null where an audit has no score (manual, informative) */
  score: z.number().nullable(),
  displayValue: z.string().optional(),
  /** WCAG success criteria, e.g. ['1.1.1'] */
  wcag: z.array(z.string()).default([]),
  /** Lighthouse group; 'hidden' and 'metrics' are never listed */
  group: z.string().optional(),
  /** number of failing elements or items */
  nodeCount: z.number().int().default(0),
  details: AuditDetailsSchema.nullable(),
  /** accessibility: the engines that found it (every engine that reported the same barrier is credited) */
  engines: z.array(EngineIdSchema).optional(),
  /** accessibility: the W3C ACT rules the result implements, e.g. ['23a2a8'] */
  actRules: z.array(z.string()).optional(),
  /** accessibility: a failure of the site's WCAG target, or advice (best practice or above the target) */
  conformance: ConformanceSchema.optional(),
})
export type Audit = z.infer<typeof AuditSchema>

export const AuditGroupsSchema = z.object({
  failed: z.array(AuditSchema),
  manual: z.array(AuditSchema),
  passed: z.array(AuditSchema),
  notApplicable: z.array(AuditSchema),
})
export type AuditGroups = z.infer<typeof AuditGroupsSchema>

export const CategoryResultSchema = z.object({
  /** 0-100, null when the category could not be measured */
  score: z.number().nullable(),
  audits: AuditGroupsSchema,
})
export type CategoryResult = z.infer<typeof CategoryResultSchema>

/** The eight readability levels of the spec, hardest first, with their URL slugs. */
export const READABILITY_LEVELS = [
  { slug: 'very-difficult-to-read', name: 'Very difficult to read' },
  { slug: 'difficult-to-read', name: 'Difficult to read' },
  { slug: 'moderately-difficult-to-read', name: 'Moderately difficult to read' },
  { slug: 'fairly-difficult-to-read', name: 'Fairly difficult to read' },
  { slug: 'average-reading-level', name: 'Average reading level' },
  { slug: 'fairly-easy-to-read', name: 'Fairly easy to read' },
  { slug: 'easy-to-read', name: 'Easy to read' },
  { slug: 'very-easy-to-read', name: 'Very easy to read' },
] as const
export type ReadabilityLevelSlug = (typeof READABILITY_LEVELS)[number]['slug']

export const PerformanceMetricSchema = z.object({ value: z.number(), score: z.number().nullable() })
export type PerformanceMetric = z.infer<typeof PerformanceMetricSchema>
export const PerformanceMetricsSchema = z.object({
  firstContentfulPaint: PerformanceMetricSchema,
  speedIndex: PerformanceMetricSchema,
  totalBlockingTime: PerformanceMetricSchema,
  largestContentfulPaint: PerformanceMetricSchema,
  cumulativeLayoutShift: PerformanceMetricSchema,
})
export type PerformanceMetrics = z.infer<typeof PerformanceMetricsSchema>
