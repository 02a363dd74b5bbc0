import { type ScanLogin, ScanLoginCookieSchema, ScanLoginFormSettingsSchema } from '@canopy/contracts'
import type { findSiteScanLogin } from '@canopy/db'
import { z } from 'zod'

type StoredLogin = Awaited<ReturnType<typeof findSiteScanLogin>>

/**
 * A site's sign-in for scans as the browser may see it: the form's page, selectors and success check, or the
 * cookies' names, domains and paths. Secrets never: a stored sign-in always has them all, so each is "set".
 */
export function presentScanLogin(stored: StoredLogin): ScanLogin {
  if (!stored) return { kind: null, form: null, cookies: null, updatedAt: null }
  const updatedAt = stored.updatedAt.toISOString()
  if (stored.kind === 'cookies') {
    const cookies = z.array(ScanLoginCookieSchema).parse(stored.config)
    return {
      kind: 'cookies',
      form: null,
      cookies: cookies.map((cookie) => ({ ...cookie, valueSet: true })),
      updatedAt,
    }
  }
  const form = ScanLoginFormSettingsSchema.parse(stored.config)
  return { kind: 'form', form: { ...form, usernameSet: true, passwordSet: true }, cookies: null, updatedAt }
}
