import type { DbClient } from './db-client.js'

export function findInviteByToken(db: DbClient, token: string) {
  return db.invite.findUnique({
    where: { token },
    include: { site: { select: { id: true, slug: true, siteName: true } } },
  })
}

/** Email invites are single-use; link invites stay open for everyone on the domain until they expire. */
export function markInviteAccepted(db: DbClient, { inviteId, userId }: { inviteId: string; userId: string }) {
  return db.invite.update({ where: { id: inviteId }, data: { acceptedAt: new Date(), acceptedById: userId } })
}
