import type { Invite, InviteStatus } from '@canopy/contracts'
import type { Invite as InviteRow } from '@canopy/db'

function statusOf(row: InviteRow, now: Date): InviteStatus {
  if (row.revokedAt) return 'revoked'
  if (row.acceptedAt) return 'accepted'
  if (row.declinedAt) return 'declined'
  return row.expiresAt > now ? 'pending' : 'expired'
}

export function presentInvite(row: InviteRow, now: Date): Invite {
  return {
    id: row.id,
    type: row.type,
    email: row.type === 'email' ? row.email : null,
    domain: row.type === 'link' ? row.domain : null,
    role: row.role,
    created: row.createdAt.toISOString(),
    expires: row.expiresAt.toISOString(),
    revoked: row.revokedAt !== null,
    status: statusOf(row, now),
  }
}
