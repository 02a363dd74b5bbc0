import type { Prisma } from '../generated/prisma/client.js'
import type { DbClient } from './db-client.js'

/** What staff did that must stay traceable. */
export const AUDIT_ACTIONS = [
  'masquerade.start',
  'masquerade.stop',
  'feature-flag.global',
  'feature-flag.site',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

export interface AuditEventInput {
  actorId: string
  action: AuditAction
  targetId: string | null
  ip: string | null
  /** what changed, for the actions that need more than the target (a flag's name and new value) */
  detail?: Prisma.InputJsonValue
}

export function recordAuditEvent(db: DbClient, input: AuditEventInput) {
  return db.auditEvent.create({ data: input })
}

/** The newest audit events of one actor, or of everyone. */
export function listAuditEvents(db: DbClient, { actorId, take = 50 }: { actorId?: string; take?: number }) {
  return db.auditEvent.findMany({
    where: actorId ? { actorId } : {},
    orderBy: [{ at: 'desc' }, { id: 'desc' }],
    take,
  })
}
