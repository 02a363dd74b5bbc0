import { STATUS_CODES } from 'node:http'

/**
 * The one error type services and hooks throw for an expected failure. The app's error handler turns
 * it into {statusCode, error, message, errors?}; `errors` attaches messages to request fields by name.
 */
export class HttpError extends Error {
  readonly statusCode: number
  readonly errors: Record<string, string> | undefined

  constructor(statusCode: number, message: string, errors?: Record<string, string>, cause?: unknown) {
    super(message, { cause })
    this.name = 'HttpError'
    this.statusCode = statusCode
    this.errors = errors
  }

  get error(): string {
    return STATUS_CODES[this.statusCode] ?? 'Error'
  }
}

export function isHttpError(value: unknown): value is HttpError {
  return value instanceof HttpError
}

/** A 400 about one field: like a schema error, the message starts with the field and `errors` carries it. */
export function badRequest(field: string, message: string): HttpError {
  return new HttpError(400, `${field}: ${message}`, { [field]: message })
}

export function unauthorized(message = 'You must be signed in to do that.'): HttpError {
  return new HttpError(401, message)
}

export function forbidden(message: string): HttpError {
  return new HttpError(403, message)
}

export function notFound(message: string): HttpError {
  return new HttpError(404, message)
}

export function conflict(field: string, message: string): HttpError {
  return new HttpError(409, message, { [field]: message })
}
