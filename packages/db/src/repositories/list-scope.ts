import type { DbClient } from './db-client.js'

/** The section's id when it is a section of this site, else null: the one look-up of a list's ?sectionId=. */
export async function findSiteSectionId(
  db: DbClient,
  { siteId, sectionId }: { siteId: string; sectionId: string },
): Promise<string | null> {
  const section = await db.section.findFirst({ where: { id: sectionId, siteId }, select: { id: true } })
  return section?.id ?? null
}
