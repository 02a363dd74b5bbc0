import type { DbClient } from './db-client.js'

/** What staff did that must stay traceable. */
export const AUDIT_ACTIONS = ['masquerade.start', 'masquerade.stop'] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

export interface AuditEventInput {
  actorId: string
  action: AuditAction
  targetId: string | null
  ip: string | null
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
