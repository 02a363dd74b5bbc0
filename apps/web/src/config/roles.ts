import { SITE_ROLES, type SiteRole } from '@canopy/contracts'

/** How a site role reads wherever one is shown or chosen (invites, users, permissions). */
export const ROLE_LABELS: Record<SiteRole, string> = { viewer: 'Viewer', editor: 'Editor', admin: 'Admin' }

/** The roles as a select's options, lowest first. */
export const ROLE_OPTIONS = SITE_ROLES.map((role) => ({ id: role, label: ROLE_LABELS[role] }))
