import { z } from 'zod'

/** Validation of the account form (organisation billing details), the same in the browser and the API. */
export const ACCOUNT_MESSAGES = {
  organisationNameRequired: 'Organisation name is required',
  fullNameRequired: 'Full name is required',
  addressLine1Required: 'Address line 1 is required',
  townOrCityRequired: 'Town/City is required',
  postcodeRequired: 'Postcode is required',
  countryRequired: 'Country is required',
  emailInvalid: 'A valid email address must be entered',
  updated: 'Account updated',
  updateFailed: 'Error updating account. Please try again later or contact support',
  loadFailed: 'Error loading account details',
} as const

export const DEFAULT_ACCOUNT_COUNTRY = 'United Kingdom'

const optionalText = z.string().trim().max(200).nullish()
const required = (message: string) => z.string({ error: message }).trim().min(1, message).max(200, message)

export const AccountLocationSchema = z.object({
  addressLine1: required(ACCOUNT_MESSAGES.addressLine1Required),
  addressLine2: optionalText,
  townOrCity: required(ACCOUNT_MESSAGES.townOrCityRequired),
  county: optionalText,
  postcode: required(ACCOUNT_MESSAGES.postcodeRequired),
  country: required(ACCOUNT_MESSAGES.countryRequired),
})
export type AccountLocation = z.infer<typeof AccountLocationSchema>

export const AccountSchema = z.object({
  sys: z.object({ id: z.string() }),
  entryTitle: z.string(),
  emailAddress: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  isBusinessOrOrganisation: z.boolean(),
  location: z.object({
    addressLine1: z.string(),
    addressLine2: z.string().nullable(),
    townOrCity: z.string(),
    county: z.string().nullable(),
    postcode: z.string(),
    country: z.string(),
  }),
})
export type Account = z.infer<typeof AccountSchema>

export const AccountQuerySchema = z.object({ id: z.string().min(1).max(200) })

/** PUT /api/v1/crm/account?id=: the name is required with the label its account type gives it. */
export const UpdateAccountRequestSchema = z
  .object({
    entryTitle: z.string().trim().max(200).default(''),
    emailAddress: z.union([z.literal(''), z.email(ACCOUNT_MESSAGES.emailInvalid).max(320)]).nullish(),
    phoneNumber: z.string().trim().max(50).nullish(),
    isBusinessOrOrganisation: z.boolean(),
    location: AccountLocationSchema,
  })
  .superRefine((body, ctx) => {
    if (body.entryTitle) return
    const message = body.isBusinessOrOrganisation
      ? ACCOUNT_MESSAGES.organisationNameRequired
      : ACCOUNT_MESSAGES.fullNameRequired
    ctx.addIssue({ code: 'custom', path: ['entryTitle'], message })
  })
export type UpdateAccountRequest = z.infer<typeof UpdateAccountRequestSchema>

/** GET /api/v1/crm/countries: en-GB country names, each with its ISO 3166 code. */
export const CountriesSchema = z.record(z.string(), z.string())

/** GET /api/v1/crm/organisations: the organisations the user administers (where they may add sites). */
export const AdministeredOrganisationSchema = z.object({
  sys: z.object({ id: z.string(), slug: z.string() }),
  entryTitle: z.string(),
})
export const AdministeredOrganisationsSchema = z.array(AdministeredOrganisationSchema)
