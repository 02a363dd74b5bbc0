import type { ApiToken, CurrentProfile, UserSession } from '@canopy/contracts'
import type { ApiTokenRow, User } from '@canopy/db'

export function presentCurrentProfile(user: User, hasAvatar: boolean): CurrentProfile {
  return {
    id: user.id,
    sys: { id: user.id },
    userRole: user.userRole,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    hasAvatar,
    productNewsConsent: user.productNewsConsent,
    productNewsConsentAt: user.productNewsConsentAt?.toISOString() ?? null,
    credentials: {
      provider: { name: user.ssoProvider ?? 'password' },
      passwordChangeFrequency: null,
    },
  }
}

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/^curl\//, 'curl'],
  [/^node|undici/i, 'Node.js'],
]
const SYSTEMS: [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/iPhone|iPad/, 'iOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
]

/** A person's name for the device of a user agent: "Firefox on Windows", or "Unknown device". */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device'
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1]
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1]
  if (browser && system) return `${browser} on ${system}`
  return browser ?? system ?? 'Unknown device'
}

export function presentSession(
  session: { id: string; userAgent: string | null; ip: string | null; createdAt: Date; lastSeenAt: Date },
  currentId: string | null,
): UserSession {
  return {
    id: session.id,
    device: describeDevice(session.userAgent),
    ip: session.ip,
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    current: session.id === currentId,
  }
}

export function presentApiToken(token: ApiTokenRow): ApiToken {
  return {
    id: token.id,
    name: token.name,
    access: token.access,
    sites: token.allSites
      ? null
      : token.sites.map(({ site }) => ({ slug: site.slug, siteName: site.siteName })),
    expiresAt: token.expiresAt?.toISOString() ?? null,
    lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
    createdAt: token.createdAt.toISOString(),
  }
}
