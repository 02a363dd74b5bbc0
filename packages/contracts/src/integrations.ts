import { z } from 'zod'
import { ListQuerySchema, pagedListSchema } from './paging.js'
import { SectionConditionSchema } from './sections.js'

// The issue tracker (Jira Cloud REST v3) and web analytics (GA4) settings, and issue-tracker tickets.
// Secrets (the tracker's API token, the analytics refresh token) never leave the server: answers say only
// whether one is stored.

export const INTEGRATION_REQUIRED_MESSAGE = 'Required'
export const TICKET_SUMMARY_REQUIRED_MESSAGE = 'Issue summary is required'

export const JiraSettingsSchema = z.object({
  enabled: z.boolean(),
  baseUrl: z.string(),
  email: z.string(),
  projectKey: z.string(),
  /** whether an API token is stored (the token itself is never sent back) */
  apiKeySet: z.boolean(),
})
export type JiraSettings = z.infer<typeof JiraSettingsSchema>

/** Turning the tracker on needs all four fields ('Required'); a blank apiKey keeps the stored token. */
export const UpdateJiraSettingsRequestSchema = z.object({
  enabled: z.boolean({ error: 'Choose whether the issue tracker is enabled.' }),
  baseUrl: z
    .string()
    .trim()
    .max(500)
    .refine(
      (value) => value === '' || /^https?:\/\/[^\s/]+/i.test(value),
      'Enter a URL starting with https://',
    )
    .optional(),
  email: z
    .string()
    .trim()
    .max(320)
    .refine((value) => value === '' || /^[^\s@]+@[^\s@]+$/.test(value), 'Enter an e-mail address')
    .optional(),
  apiKey: z.string().trim().max(2000).optional(),
  projectKey: z
    .string()
    .trim()
    .max(100)
    .refine(
      (value) => value === '' || /^[A-Za-z][A-Za-z0-9_]*$/.test(value),
      'Enter a project key such as WEB',
    )
    .optional(),
})
export type UpdateJiraSettingsRequest = z.infer<typeof UpdateJiraSettingsRequestSchema>

/** What a test of the tracker's settings found: the account it signs in as and the project. */
export const JiraConnectionTestSchema = z.object({
  ok: z.boolean(),
  accountName: z.string().nullable(),
  projectName: z.string().nullable(),
  message: z.string().nullable(),
})
export type JiraConnectionTest = z.infer<typeof JiraConnectionTestSchema>

export const Ga4SettingsSchema = z.object({
  enabled: z.boolean(),
  propertyID: z.string().nullable(),
  /** the properties the connected account can read (filled by the OAuth flow; empty until connected) */
  propertyIdList: z.array(z.string()),
  /** whether a refresh token of a connected Google account is stored */
  connected: z.boolean(),
})
export type Ga4Settings = z.infer<typeof Ga4SettingsSchema>

export const UpdateGa4SettingsRequestSchema = z.object({
  enabled: z.boolean({ error: 'Choose whether web analytics is enabled.' }),
  propertyID: z
    .string()
    .trim()
    .max(100)
    .refine((value) => value === '' || /^\d+$/.test(value), 'A property ID is a number such as 123456789')
    .optional(),
})
export type UpdateGa4SettingsRequest = z.infer<typeof UpdateGa4SettingsRequestSchema>

/** The web analytics Integration row's config as stored (the property chosen, the account's properties). */
export const Ga4IntegrationConfigSchema = z.object({
  propertyID: z.string().nullable().default(null),
  propertyIdList: z.array(z.string()).default([]),
})

/** The Integration row's secrets: sealed strings (secret box), never plain. */
export const IntegrationSecretsSchema = z.object({
  apiKey: z.string().min(1).optional(),
  refreshToken: z.string().min(1).optional(),
})

export const TicketTemplateSchema = z.object({
  projectName: z.string(),
  projectLink: z.string(),
  issueTypes: z.array(z.string()),
  summary: z.string(),
  description: z.string(),
})
export type TicketTemplate = z.infer<typeof TicketTemplateSchema>

export const CreateTicketRequestSchema = z.object({
  summary: z
    .string({ error: TICKET_SUMMARY_REQUIRED_MESSAGE })
    .trim()
    .min(1, TICKET_SUMMARY_REQUIRED_MESSAGE)
    .max(255),
  description: z.string().trim().max(30000).default(''),
  issueType: z.string().trim().min(1, INTEGRATION_REQUIRED_MESSAGE).max(100).default('Task'),
})
export type CreateTicketRequest = z.infer<typeof CreateTicketRequestSchema>

export const TicketSchema = z.object({ ticketId: z.string(), ticketUrl: z.string() })
export type Ticket = z.infer<typeof TicketSchema>

/** A known page a section's rules would take in (the editor's live preview). */
export const SectionPreviewPageSchema = z.object({
  sys: z.object({ id: z.string() }),
  entryTitle: z.string(),
  pageTitle: z.string().nullable(),
})
export type SectionPreviewPage = z.infer<typeof SectionPreviewPageSchema>
export const SectionPreviewSchema = pagedListSchema(SectionPreviewPageSchema)

/** The editor's unsaved rules, and which page of their matches to show. */
export const SectionPreviewRequestSchema = z.object({
  conditions: z.array(SectionConditionSchema).max(50),
  page: ListQuerySchema.shape.page,
  pageSize: ListQuerySchema.shape.pageSize,
})
export type SectionPreviewRequest = z.infer<typeof SectionPreviewRequestSchema>
