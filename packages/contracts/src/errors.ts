import { z } from 'zod'

/** Every non-2xx answer of the API has this body. `errors` names the fields a 400 rejected. */
export const ApiErrorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
})
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>

/** The message shown when an error body has neither message nor error. */
export const DEFAULT_API_ERROR_MESSAGE = 'Something went wrong, please try again later or contact support.'
