import { ORGANISATION_MESSAGES } from '@canopy/contracts'
import { forbidden, notFound } from '../http-errors.js'
import { NOT_ORGANISATION_ADMIN_MESSAGE } from './site-service.js'

/**
 * An organisation's billing and account are for its administrators and for staff: anyone outside it gets the
 * answer an organisation that does not exist gets (404), a member who is not an administrator 403.
 */
export function requireOrganisationAdministrator(
  membership: { isAdministrator: boolean } | null | undefined,
  viewer: { isStaff: boolean },
): void {
  if (viewer.isStaff) return
  if (!membership) throw notFound(ORGANISATION_MESSAGES.notFound)
  if (!membership.isAdministrator) throw forbidden(NOT_ORGANISATION_ADMIN_MESSAGE)
}
