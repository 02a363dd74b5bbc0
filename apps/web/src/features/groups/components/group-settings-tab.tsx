import type { Group, SiteRole } from '@canopy/contracts'
import { type FormEvent, useState } from 'react'
import { Button } from '@/components/ui/button'
import { showToast } from '@/components/ui/toast'
import { useUpdateGroup } from '../api/groups'
import { errorText, GROUP_TEXT } from '../labels'
import { DeleteGroupDialog } from './group-dialogs'
import { fieldErrorsOf, type GroupFieldErrors, GroupFields } from './group-fields'
import styles from './groups.module.css'
import { ParentSelect, parentIdOf, TOP_LEVEL } from './parent-select'

/** What the form changes: only the fields whose value differs from the group's are sent. */
function changesOf(group: Group, name: string, role: SiteRole, parent: string) {
  const parentId = parentIdOf(parent)
  return {
    ...(name.trim() !== group.name ? { name: name.trim() } : {}),
    ...(role !== group.role ? { role } : {}),
    ...(parentId !== (group.parent?.id ?? null) ? { parentId } : {}),
  }
}

/** Renaming the group, changing its role and moving it under another parent; only what changed is sent. */
function GroupSettingsForm({ siteSlug, group }: { siteSlug: string; group: Group }) {
  const [name, setName] = useState(group.name)
  const [role, setRole] = useState<SiteRole>(group.role)
  const [parent, setParent] = useState(group.parent?.id ?? TOP_LEVEL)
  const [errors, setErrors] = useState<GroupFieldErrors>({})
  const update = useUpdateGroup(siteSlug, group.id)
  const changes = changesOf(group, name, role, parent)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (name.trim() === '') return setErrors({ name: GROUP_TEXT.nameRequired })
    try {
      await update.mutateAsync(changes)
      showToast(GROUP_TEXT.saved)
    } catch (failure) {
      const fields = fieldErrorsOf(failure)
      if (fields) setErrors(fields)
      else showToast(errorText(failure), 'error')
    }
  }
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value)
      setErrors({})
    }
  return (
    <form className={styles.section} onSubmit={submit} noValidate aria-labelledby="group-settings-heading">
      <h2 id="group-settings-heading">{GROUP_TEXT.settingsHeading}</h2>
      <GroupFields
        name={name}
        role={role}
        errors={errors}
        onNameChange={edit(setName)}
        onRoleChange={edit(setRole)}
      />
      <ParentSelect
        siteSlug={siteSlug}
        value={parent}
        onChange={edit(setParent)}
        movingId={group.id}
        current={group.parent}
        errorMessage={errors.parentId}
      />
      <div className={styles.actions}>
        <Button type="submit" isDisabled={update.isPending || Object.keys(changes).length === 0}>
          {update.isPending ? GROUP_TEXT.saving : GROUP_TEXT.save}
        </Button>
      </div>
    </form>
  )
}

/** The settings tab: the group's name and role, and deleting it (then back to the groups list). */
export function GroupSettingsTab({
  siteSlug,
  group,
  onDeleted,
}: {
  siteSlug: string
  group: Group
  onDeleted: () => void
}) {
  const [deleting, setDeleting] = useState<Group | null>(null)
  return (
    <>
      <GroupSettingsForm
        key={`${group.name}\n${group.role}\n${group.parent?.id ?? ''}`}
        siteSlug={siteSlug}
        group={group}
      />
      <section className={`${styles.section} ${styles.danger}`} aria-labelledby="delete-group-heading">
        <h2 id="delete-group-heading">{GROUP_TEXT.dangerHeading}</h2>
        <p>{GROUP_TEXT.deleteExplain}</p>
        <div className={styles.actions}>
          <Button variant="danger" onPress={() => setDeleting(group)}>
            {GROUP_TEXT.deleteGroup}
          </Button>
        </div>
      </section>
      <DeleteGroupDialog
        siteSlug={siteSlug}
        group={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={onDeleted}
      />
    </>
  )
}
