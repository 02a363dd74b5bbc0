import { z } from 'zod'

/**
 * A member's role on a site, lowest first. A user's role is the highest of their direct membership and of
 * every group of the site they belong to.
 */
export const SITE_ROLES = ['viewer', 'editor', 'admin'] as const
export const SiteRoleSchema = z.enum(SITE_ROLES)
export type SiteRole = z.infer<typeof SiteRoleSchema>

/** What a role may do on its site: each permission names the lowest role that has it. */
export const SITE_PERMISSIONS = {
  /** every result, export and search of the site; may be assigned issues */
  viewResults: 'viewer',
  /** start a full, section or page scan */
  startScans: 'editor',
  /** add and delete dictionary words */
  editDictionaries: 'editor',
  /** assign, reassign and unassign issues */
  assignIssues: 'editor',
  /** open and unlink issue-tracker tickets */
  manageTickets: 'editor',
  /** list the site's users (whom to assign an issue to) and its groups */
  viewMembers: 'editor',
  /** the site's settings: name, schedule, limits, sitemap, sections, integrations, signing in to scan */
  manageSettings: 'admin',
  /** members, groups, their roles, and invites */
  manageMembers: 'admin',
  deleteSite: 'admin',
} as const satisfies Record<string, SiteRole>

export type SitePermission = keyof typeof SITE_PERMISSIONS
export const SitePermissionSchema = z.enum(
  Object.keys(SITE_PERMISSIONS) as [SitePermission, ...SitePermission[]],
)

const RANK: Record<SiteRole, number> = { viewer: 0, editor: 1, admin: 2 }

export function roleAllows(role: SiteRole, permission: SitePermission): boolean {
  return RANK[role] >= RANK[SITE_PERMISSIONS[permission]]
}

/** The highest of the roles given; null when none. */
export function highestRole(roles: readonly SiteRole[]): SiteRole | null {
  return roles.reduce<SiteRole | null>(
    (best, role) => (best === null || RANK[role] > RANK[best] ? role : best),
    null,
  )
}

/** Every permission the role has, in the order of SITE_PERMISSIONS. */
export function permissionsOf(role: SiteRole): SitePermission[] {
  return (Object.keys(SITE_PERMISSIONS) as SitePermission[]).filter((permission) =>
    roleAllows(role, permission),
  )
}

/** The 403 answer's words when the caller's role is below the permission's. */
export const ROLE_REQUIRED_MESSAGES: Record<Exclude<SiteRole, 'viewer'>, string> = {
  editor: 'You need editor access to this site to do that.',
  admin: 'You need admin access to this site to do that.',
}

/** What each permission lets a member do, in words (the permissions screen). */
export const SITE_PERMISSION_LABELS: Record<SitePermission, string> = {
  viewResults: 'See every result, export lists and search the site',
  startScans: 'Start a scan of the site, a section or a page',
  editDictionaries: 'Add and delete dictionary words',
  assignIssues: 'Assign, reassign and unassign issues',
  manageTickets: 'Open and unlink issue-tracker tickets',
  viewMembers: "See the site's users (to assign issues to them) and groups",
  manageSettings: "Change the site's settings, sections and integrations",
  manageMembers: 'Manage users, groups, their roles and invites',
  deleteSite: 'Delete the site',
}

/** GET /api/v1/sites/:slug/permissions: each permission with the roles that have it, and the caller's role. */
export const SitePermissionsSchema = z.object({
  yourRole: SiteRoleSchema,
  permissions: z.array(
    z.object({ id: SitePermissionSchema, label: z.string(), roles: z.array(SiteRoleSchema) }),
  ),
})
export type SitePermissions = z.infer<typeof SitePermissionsSchema>

/** The permissions table of the site for a caller of `role`. */
export function describePermissions(role: SiteRole): SitePermissions {
  return {
    yourRole: role,
    permissions: (Object.keys(SITE_PERMISSIONS) as SitePermission[]).map((id) => ({
      id,
      label: SITE_PERMISSION_LABELS[id],
      roles: SITE_ROLES.filter((candidate) => roleAllows(candidate, id)),
    })),
  }
}
