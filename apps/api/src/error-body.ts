import { STATUS_CODES } from 'node:http'
import type { ApiErrorBody } from '@canopy/contracts'
import { SecretsKeyMissingError } from '@canopy/db'
import { HttpError } from './http-errors.js'
import { isServiceUnreachable } from './lib/unreachable.js'

/** What the error handler needs to know about a thrown value; Fastify and its plugins add these fields. */
export interface ThrownError {
  statusCode?: number
  code?: string
  message?: string
  validation?: { instancePath?: string; message?: string }[]
  validationContext?: string
  errors?: Record<string, string>
}

const BODY_PROBLEMS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The body is empty but its content type says JSON.',
}

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again later.'
export const SERVICE_UNAVAILABLE_MESSAGE =
  'Canopy cannot reach its database or queue at the moment. Please try again shortly.'

function errorBody(statusCode: number, message: string, errors?: Record<string, string>): ApiErrorBody {
  const body: ApiErrorBody = { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message }
  if (errors && Object.keys(errors).length > 0) body.errors = errors
  return body
}

/** `/credentials/password` → `credentials.password`; an issue about the whole body is named after its part. */
export function fieldNameOf(instancePath: string | undefined, context: string | undefined): string {
  const path = (instancePath ?? '').split('/').filter(Boolean).join('.')
  return path || context || 'body'
}

/**
 * Field → first message, using each schema's own message. The summary names the first field, so a
 * client that shows only `message` still tells the user which field is wrong.
 */
export function describeValidation(
  issues: NonNullable<ThrownError['validation']>,
  context: string | undefined,
): { message: string; errors: Record<string, string> } {
  const errors: Record<string, string> = {}
  for (const issue of issues) {
    const field = fieldNameOf(issue.instancePath, context)
    errors[field] ??= issue.message ?? 'Invalid value.'
  }
  const [first] = Object.entries(errors)
  const message = first ? `${first[0]}: ${first[1]}` : 'The request is not valid.'
  return { message, errors }
}

/** Turns anything thrown while handling a request into the API's error body. 5xx details stay in the log. */
export function toErrorBody(error: unknown): ApiErrorBody {
  if (error instanceof HttpError) return errorBody(error.statusCode, error.message, error.errors)
  const thrown = (typeof error === 'object' && error !== null ? error : {}) as ThrownError
  if (Array.isArray(thrown.validation) && thrown.validation.length > 0) {
    const { message, errors } = describeValidation(thrown.validation, thrown.validationContext)
    return errorBody(400, message, errors)
  }
  const bodyProblem = thrown.code ? BODY_PROBLEMS[thrown.code] : undefined
  if (bodyProblem) return errorBody(400, `body: ${bodyProblem}`, { body: bodyProblem })
  const statusCode = thrown.statusCode
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return errorBody(statusCode, thrown.message || (STATUS_CODES[statusCode] ?? 'Error'), thrown.errors)
  }
  if (isServiceUnreachable(error)) return errorBody(503, SERVICE_UNAVAILABLE_MESSAGE)
  // Storing or reading a secret on a server without a secrets key: the operator's to fix, said plainly.
  if (error instanceof SecretsKeyMissingError) return errorBody(503, error.message)
  return errorBody(500, INTERNAL_ERROR_MESSAGE)
}
