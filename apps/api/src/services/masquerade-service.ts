import { MASQUERADE_MESSAGES, type StaffUser } from '@canopy/contracts'
import {
  findUserByEmail,
  findUserById,
  type PrismaClient,
  recordAuditEvent,
  searchAllUsers,
  type User,
} from '@canopy/db'
import { badRequest, forbidden, notFound } from '../http-errors.js'

/** The target of a masquerade: `masqueradeId` is a user id or an e-mail address. */
async function findTarget(prisma: PrismaClient, masqueradeId: string): Promise<User> {
  const user = masqueradeId.includes('@')
    ? await findUserByEmail(prisma, masqueradeId)
    : await findUserById(prisma, masqueradeId)
  if (!user) throw notFound(MASQUERADE_MESSAGES.notFound)
  return user
}

/**
 * Checks that `staff` may act as the user `masqueradeId` names and records that they start to: only staff
 * masquerade, never as another member of staff (who may do more than the one masquerading) nor as themselves.
 */
export async function startMasquerade(
  prisma: PrismaClient,
  { staff, masqueradeId, ip }: { staff: User; masqueradeId: string; ip: string },
): Promise<User> {
  if (!staff.isStaff) throw forbidden(MASQUERADE_MESSAGES.staffOnly)
  const target = await findTarget(prisma, masqueradeId)
  if (target.id === staff.id) throw badRequest('masqueradeId', MASQUERADE_MESSAGES.self)
  if (target.isStaff) throw forbidden(MASQUERADE_MESSAGES.targetIsStaff)
  await recordAuditEvent(prisma, { actorId: staff.id, action: 'masquerade.start', targetId: target.id, ip })
  return target
}

/** Records the end of a masquerade of `targetId` by `staff`. */
export async function stopMasquerade(
  prisma: PrismaClient,
  { staff, targetId, ip }: { staff: User; targetId: string; ip: string },
): Promise<void> {
  await recordAuditEvent(prisma, { actorId: staff.id, action: 'masquerade.stop', targetId, ip })
}

export async function searchUsersForStaff(prisma: PrismaClient, search: string): Promise<StaffUser[]> {
  return searchAllUsers(prisma, { term: search })
}
