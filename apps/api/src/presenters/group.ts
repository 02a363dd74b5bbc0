import type { Group, SiteGroupsPage } from '@canopy/contracts'
import type { GroupRow } from '@canopy/db'

export function presentGroup(row: GroupRow): Group {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    parent: row.parent,
    memberCount: row._count.members,
    groupCount: row._count.children,
    created: row.createdAt.toISOString(),
  }
}

/** A page of groups in the spec's `{data, hasAccess}` shape; a caller who got this far has access. */
export function presentGroupsPage(
  rows: GroupRow[],
  totalCount: number,
  { page, pageSize }: { page: number; pageSize: number },
): SiteGroupsPage {
  return { data: rows.map(presentGroup), hasAccess: true, pageIndex: page, pageSize, totalCount }
}
