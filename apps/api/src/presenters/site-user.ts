import { highestRole, type SiteUser, type SiteUserDetail } from '@canopy/contracts'
import type { findSiteUser, SiteUserRow } from '@canopy/db'

/** A user of the site with their role there: the highest of the membership's and the groups' roles. */
export function presentSiteUser(row: SiteUserRow): SiteUser {
  const direct = row.memberships.map((membership) => membership.role)
  const throughGroups = row.groupMemberships.map((member) => member.group.role)
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: highestRole([...direct, ...throughGroups]) ?? 'viewer',
    inherited: direct.length === 0,
  }
}

type SiteUserDetailRow = NonNullable<Awaited<ReturnType<typeof findSiteUser>>>

/** The user with the site's groups they are in, and whether they are a direct member. */
export function presentSiteUserDetail(row: SiteUserDetailRow): SiteUserDetail {
  const groups = row.groupMemberships.map((member) => member.group)
  return {
    ...presentSiteUser({ ...row, groupMemberships: groups.map((group) => ({ group })) }),
    isMember: row.memberships.length > 0,
    directRole: row.memberships[0]?.role ?? null,
    groups,
  }
}
