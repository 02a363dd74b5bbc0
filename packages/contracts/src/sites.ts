import { z } from 'zod'
import { SysSchema } from './paging.js'
import { SitePermissionSchema, SiteRoleSchema } from './roles.js'

export const FormFactorSchema = z.enum(['mobile', 'desktop'])

export const SiteConfigSchema = z.object({
  sys: SysSchema,
  siteName: z.string(),
  rootUri: z.string(),
  productVersion: z.string(),
  hasAdminAccess: z.boolean(),
  /** the signed-in user's role on the site, and what it lets them do (the API enforces the same) */
  role: SiteRoleSchema,
  permissions: z.array(SitePermissionSchema),
  isPaying: z.boolean(),
  firstScanCompleted: z.boolean(),
  organisation: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
  webRiskIntegration: z.object({ enabled: z.boolean() }),
  jiraIntegration: z.object({ enabled: z.boolean(), baseUrl: z.string() }),
  reachedScanLimit: z.boolean(),
  formFactor: FormFactorSchema,
  maximumPageLimitPerScan: z.number().int(),
  scanSchedule: z.string(),
})
export type SiteConfig = z.infer<typeof SiteConfigSchema>

export const SiteListItemSchema = SiteConfigSchema.pick({
  sys: true,
  siteName: true,
  rootUri: true,
  productVersion: true,
  hasAdminAccess: true,
  role: true,
  isPaying: true,
  firstScanCompleted: true,
  organisation: true,
}).extend({
  overallScore: z.number().nullable(),
  pageCount: z.number().int(),
  /** the site's scores after its last completed full scan, 0-100; null when not measured or never scanned */
  scores: z.object({
    accessibility: z.number().nullable(),
    contentQuality: z.number().nullable(),
    seo: z.number().nullable(),
    performance: z.number().nullable(),
  }),
  /** the last scan of the site that finished (completed or failed); null before any */
  lastScan: z
    .object({
      id: z.string(),
      number: z.number().int().nullable(),
      state: z.enum(['completed', 'failed']),
      /** ISO 8601 */
      finishedAt: z.string().nullable(),
    })
    .nullable(),
  /** a scan of the site queued or running now */
  activeScan: z
    .object({ id: z.string(), state: z.enum(['queued', 'running']), progress: z.number() })
    .nullable(),
})
export type SiteListItem = z.infer<typeof SiteListItemSchema>

export const SITE_LIST_SORT_KEYS = ['siteName', 'rootUri', 'created'] as const

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'Enter a full web address starting with http:// or https://' })
  .max(2000)

export const CreateSiteRequestSchema = z.object({
  siteName: z.string().trim().min(1, 'A site name is required.').max(200),
  rootUri: httpUrl,
  maximumPageLimitPerScan: z.number().int().min(1).max(100_000).optional(),
  formFactor: FormFactorSchema.optional(),
  organisationId: z.string().min(1).optional(),
})
export type CreateSiteRequest = z.infer<typeof CreateSiteRequestSchema>

/** PUT /api/v1/sites/:slug: every field optional, at least one given. */
export const UpdateSiteRequestSchema = z
  .object({
    siteName: z.string().trim().min(1, 'A site name is required.').max(200),
    rootUri: httpUrl,
    formFactor: FormFactorSchema,
    maximumPageLimitPerScan: z.number().int().min(1).max(100_000),
    scanSchedule: z.string().trim().min(9).max(100),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change.')
export type UpdateSiteRequest = z.infer<typeof UpdateSiteRequestSchema>
