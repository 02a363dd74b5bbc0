import { z } from 'zod'

/**
 * GET /api/v1/alerts?site=: the dashboard alerts for every site, plus those
 * of the named site. Dismissal stays in the browser: a timestamp per alert id, cleared when the alert's own
 * timestamp is newer.
 */
export const AlertsQuerySchema = z.object({
  site: z
    .string()
    .regex(/^[a-z0-9-]{1,200}$/, { error: 'Enter a site slug.' })
    .optional(),
})
export type AlertsQuery = z.infer<typeof AlertsQuerySchema>

export const DashboardAlertSchema = z.object({
  id: z.string(),
  /** when the alert was published, ISO 8601 */
  timestamp: z.string(),
  title: z.string(),
  description: z.string(),
  link: z.object({ text: z.string(), url: z.string() }).nullable(),
  button: z.object({ text: z.string() }).nullable(),
  /** the name of an illustration under /illustrations, or null */
  illustration: z.string().nullable(),
})
export type DashboardAlert = z.infer<typeof DashboardAlertSchema>

export const AlertsResponseSchema = z.array(DashboardAlertSchema)
