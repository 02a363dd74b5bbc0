import type { Group } from '@canopy/contracts'
import { SelectField, type SelectOption } from '@/components/ui/select-field'
import { useAllSiteGroups } from '../api/groups'
import { GROUP_TEXT } from '../labels'

/** The parent select's value for "no parent": a group at the top level (sent as parentId null). */
export const TOP_LEVEL = 'top-level'

/** The parentId a request sends for the select's value. */
export const parentIdOf = (value: string): string | null => (value === TOP_LEVEL ? null : value)

/**
 * The groups of the site minus `movingId` and every group nested inside it at any depth: a group placed in
 * itself or in one of its own subgroups would make the tree a loop (the API refuses it too).
 */
export function allowedParents(groups: readonly Group[], movingId?: string): Group[] {
  if (!movingId) return [...groups]
  const inside = new Set([movingId])
  for (let grew = true; grew; ) {
    grew = false
    for (const group of groups) {
      if (group.parent && inside.has(group.parent.id) && !inside.has(group.id)) {
        inside.add(group.id)
        grew = true
      }
    }
  }
  return groups.filter((group) => !inside.has(group.id))
}

/**
 * Where a group sits: "No parent (top level)" or another group of the site (not the group itself nor one
 * of its subgroups). Until the site's groups are read it offers only the current choice, disabled.
 */
export function ParentSelect({
  siteSlug,
  value,
  onChange,
  movingId,
  current,
  errorMessage,
}: {
  siteSlug: string
  value: string
  onChange: (value: string) => void
  /** the group being moved (absent when creating one) */
  movingId?: string
  /** the parent it has now, shown while the groups load */
  current?: Pick<Group, 'id' | 'name'> | null
  errorMessage?: string
}) {
  const groups = useAllSiteGroups(siteSlug)
  const top: SelectOption = { id: TOP_LEVEL, label: GROUP_TEXT.noParent }
  const choices = groups.data ? allowedParents(groups.data, movingId) : current ? [current] : []
  return (
    <SelectField
      label={GROUP_TEXT.parentLabel}
      value={value}
      options={[top, ...choices.map((group) => ({ id: group.id, label: group.name }))]}
      onChange={onChange}
      isDisabled={!groups.data}
      description={GROUP_TEXT.parentHint}
      errorMessage={errorMessage}
    />
  )
}
