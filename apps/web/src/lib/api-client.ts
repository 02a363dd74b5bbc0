import { DEFAULT_API_ERROR_MESSAGE } from '@canopy/contracts'
import type { z } from 'zod'
import { API_BASE } from '@/config/env'

/** Every non-2xx answer becomes this error; `data` is the parsed body. */
export class ApiError extends Error {
  readonly statusText: string
  readonly data: unknown
  readonly statusCode: number

  constructor(statusCode: number, statusText: string, data: unknown) {
    super(readErrorMessage(data))
    this.name = 'ApiError'
    this.statusCode = statusCode
    this.statusText = statusText
    this.data = data
  }

  /** Validation errors by field name (ApiErrorBodySchema.errors), or an empty object. */
  get fieldErrors(): Record<string, string> {
    const errors = isRecord(this.data) ? this.data.errors : undefined
    if (!isRecord(errors)) return {}
    return Object.fromEntries(
      Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    )
  }
}

export function isApiError(error: unknown, statusCode?: number): error is ApiError {
  return error instanceof ApiError && (statusCode === undefined || error.statusCode === statusCode)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function readErrorMessage(body: unknown): string {
  if (isRecord(body)) {
    if (typeof body.message === 'string' && body.message.trim() !== '') return body.message
    if (typeof body.error === 'string' && body.error.trim() !== '') return body.error
  }
  return DEFAULT_API_ERROR_MESSAGE
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  params?: QueryParams
  signal?: AbortSignal
}

/** Joins the API base, the path and the defined query parameters. */
export function buildApiUrl(path: string, params?: QueryParams): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value))
  }
  const query = search.toString()
  return `${API_BASE}${path}${query ? `${path.includes('?') ? '&' : '?'}${query}` : ''}`
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text()
  if (text.trim() === '') return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (options.body !== undefined) headers['Content-Type'] = 'application/json'
  return fetch(buildApiUrl(path, options.params), {
    method: options.method ?? 'GET',
    credentials: 'include',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  })
}

/**
 * Sends a JSON request with the session cookie. Any non-2xx throws an ApiError. Without a schema an
 * empty 2xx body resolves to null; with one, the body (null for an empty one) must match the contract.
 */
export async function requestApi<T>(
  path: string,
  options: RequestOptions & { schema: z.ZodType<T> },
): Promise<T>
export async function requestApi(path: string, options?: RequestOptions): Promise<unknown>
export async function requestApi<T>(
  path: string,
  options: RequestOptions & { schema?: z.ZodType<T> } = {},
): Promise<T | unknown> {
  const response = await send(path, options)
  const body = await readBody(response)
  if (!response.ok) {
    // HTTP/2 carries no reason phrase; the body's `error` names the status then.
    const statusText =
      response.statusText || (isRecord(body) && typeof body.error === 'string' ? body.error : '')
    throw new ApiError(response.status, statusText, body)
  }
  return options.schema === undefined ? body : options.schema.parse(body)
}

export type AccessResult<T> = { hasAccess: true; data: T } | { hasAccess: false }

/** The one helper for which 401 and 403 mean "no access" rather than an error. */
export async function requestApiWithAccess<T>(
  path: string,
  options: RequestOptions & { schema: z.ZodType<T> },
): Promise<AccessResult<T>> {
  try {
    const data = await requestApi(path, options)
    return { hasAccess: true, data }
  } catch (error) {
    if (isApiError(error, 401) || isApiError(error, 403)) return { hasAccess: false }
    throw error
  }
}
