import { z } from 'zod'
import { SectionScopeQuerySchema, sortKeySchema } from './lists.js'
import { ListQuerySchema, SysSchema } from './paging.js'

/**
 * Malicious links, judged by the Google Web Risk API (uris.search) when the site's integration is on:
 * GET /api/v1/sites/:slug/content-quality/malicious-links, GET and POST /integrations/web-risk/settings.
 */

/** The threat lists a link is searched in. */
export const WEB_RISK_THREAT_TYPES = ['MALWARE', 'SOCIAL_ENGINEERING', 'UNWANTED_SOFTWARE'] as const
export const WebRiskThreatTypeSchema = z.enum(WEB_RISK_THREAT_TYPES)
export type WebRiskThreatType = z.infer<typeof WebRiskThreatTypeSchema>

/** What uris.search answers: an empty object when the URI is on none of the lists searched. */
export const WebRiskSearchResponseSchema = z.object({
  threat: z
    .object({
      threatTypes: z.array(z.string()).default([]),
      /** RFC 3339; a match must not be cached past it */
      expireTime: z.string().optional(),
    })
    .optional(),
})
export type WebRiskSearchResponse = z.infer<typeof WebRiskSearchResponseSchema>

export const MALICIOUS_LINK_SORT_KEYS = ['entryTitle', 'webRiskType', 'totalCount', 'created'] as const
/** Malicious links by the link, A to Z (constants.json sorting.defaults). */
export const MALICIOUS_LINK_DEFAULT_SORT = { sortBy: 'entryTitle', sortDir: 'asc' } as const
export const MALICIOUS_LINK_VIEWS = ['all', 'internal', 'external'] as const

export const MaliciousLinksQuerySchema = ListQuerySchema.extend({
  ...SectionScopeQuerySchema.shape,
  sortBy: sortKeySchema(MALICIOUS_LINK_SORT_KEYS).optional(),
  view: z.enum(MALICIOUS_LINK_VIEWS, { error: 'Choose a view: all, internal or external.' }).optional(),
})
export type MaliciousLinksQuery = z.infer<typeof MaliciousLinksQuerySchema>

export const MaliciousLinkListItemSchema = z.object({
  /** the link's id; version.created = first seen (Date discovered) */
  sys: SysSchema,
  /** the URL */
  entryTitle: z.string(),
  /** the threat types Web Risk listed it under, comma separated (MALWARE, SOCIAL_ENGINEERING, ...) */
  riskType: z.string(),
  /** pages (of the section, when scoped) that link to it */
  totalCount: z.number().int(),
})
export type MaliciousLinkListItem = z.infer<typeof MaliciousLinkListItemSchema>

/** The key is never sent back: only whether one is stored. */
export const API_KEY_SET = 'set'
export const API_KEY_NOT_SET = 'not set'

export const WebRiskSettingsSchema = z.object({
  enabled: z.boolean(),
  apiKey: z.enum([API_KEY_SET, API_KEY_NOT_SET]),
  /** whether a key is stored (the same as apiKey, as every integration's answer says it) */
  apiKeySet: z.boolean(),
})
export type WebRiskSettings = z.infer<typeof WebRiskSettingsSchema>

/** Turning it on needs a key, stored or given now; a blank key keeps the stored one. */
export const UpdateWebRiskSettingsRequestSchema = z.object({
  enabled: z.boolean({ error: 'Choose whether the web-risk check is enabled.' }),
  apiKey: z.string().trim().max(200).optional(),
})
export type UpdateWebRiskSettingsRequest = z.infer<typeof UpdateWebRiskSettingsRequestSchema>

/** The Integration row's secrets of the web-risk check. */
export const WebRiskSecretsSchema = z.object({ apiKey: z.string().min(1).optional() })

/** "MALWARE" → "Malware", "SOCIAL_ENGINEERING" → "Social engineering". */
export function describeThreatType(type: string): string {
  const words = type.toLowerCase().replaceAll('_', ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}
