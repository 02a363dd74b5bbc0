import { highestRole, type SiteUser, type SiteUserDetail } from '@canopy/contracts'
import type { SiteUserRow } from '@canopy/db'

/**
 * A user of the site with their role there: the highest of the membership's and of every group that gives
 * them one (their own groups and the groups those are nested in).
 */
export function presentSiteUser(row: SiteUserRow): SiteUser {
  const direct = row.memberships.map((membership) => membership.role)
  const throughGroups = row.grants.map((grant) => grant.group.role)
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: highestRole([...direct, ...throughGroups]) ?? 'viewer',
    inherited: direct.length === 0,
    accountExpiry: row.accountExpiry?.toISOString() ?? null,
  }
}

/**
 * The user with the groups that give them a role, whether they are a direct member, their account expiry
 * and their own product news consent.
 */
export function presentSiteUserDetail(row: SiteUserRow): SiteUserDetail {
  return {
    ...presentSiteUser(row),
    isMember: row.memberships.length > 0,
    directRole: row.memberships[0]?.role ?? null,
    groups: row.grants.map((grant) => ({ ...grant.group, through: grant.through })),
    productNewsConsent: row.productNewsConsent,
    productNewsConsentAt: row.productNewsConsentAt?.toISOString() ?? null,
  }
}
