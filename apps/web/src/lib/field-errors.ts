import { isApiError } from '@/lib/api-client'

/** The server's message per field of a 400 (or the message alone on `fallbackField`), else null. */
export function readFieldErrors(error: unknown, fallbackField?: string): Record<string, string> | null {
  if (!isApiError(error, 400)) return null
  const fields = error.fieldErrors
  if (Object.keys(fields).length > 0) return fields
  return fallbackField ? { [fallbackField]: error.message } : null
}
