import type { DbClient } from './db-client.js'

/** The invite whose URL token hashes to `tokenHash` (only the hash is stored, like session tokens). */
export function findInviteByTokenHash(db: DbClient, tokenHash: string) {
  return db.invite.findUnique({
    where: { tokenHash },
    include: { site: { select: { id: true, slug: true, siteName: true } } },
  })
}

/** Email invites are single-use; link invites stay open for everyone on the domain until they expire. */
export function markInviteAccepted(db: DbClient, { inviteId, userId }: { inviteId: string; userId: string }) {
  return db.invite.update({ where: { id: inviteId }, data: { acceptedAt: new Date(), acceptedById: userId } })
}
