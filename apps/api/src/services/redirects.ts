import { toSameOriginPath } from '@canopy/contracts'

/** A redirect target kept only when it stays on PUBLIC_URL's origin (contracts' toSameOriginPath), as a path. */
export function toSafeRedirectPath(target: string | undefined, publicUrl: string): string | undefined {
  return toSameOriginPath(target, publicUrl) ?? undefined
}
