import { highestRole, type SiteUser } from '@canopy/contracts'
import type { SiteUserRow } from '@canopy/db'

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
