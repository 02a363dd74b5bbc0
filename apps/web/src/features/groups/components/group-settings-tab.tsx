import type { Group, SiteRole } from '@canopy/contracts'
import { type FormEvent, useState } from 'react'
import { Button } from '@/components/ui/button'
import { SelectField } from '@/components/ui/select-field'
import { TextField } from '@/components/ui/text-field'
import { showToast } from '@/components/ui/toast'
import { ROLE_OPTIONS } from '@/config/roles'
import { isApiError } from '@/lib/api-client'
import { useUpdateGroup } from '../api/groups'
import { errorText, GROUP_TEXT } from '../labels'
import { DeleteGroupDialog } from './group-dialogs'
import styles from './groups.module.css'

type FieldErrors = { name?: string; role?: string }

/** Renaming the group and changing its role; only what changed is sent. */
function GroupSettingsForm({ siteSlug, group }: { siteSlug: string; group: Group }) {
  const [name, setName] = useState(group.name)
  const [role, setRole] = useState<SiteRole>(group.role)
  const [errors, setErrors] = useState<FieldErrors>({})
  const update = useUpdateGroup(siteSlug, group.id)
  const changes = {
    ...(name.trim() !== group.name ? { name: name.trim() } : {}),
    ...(role !== group.role ? { role } : {}),
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (name.trim() === '') return setErrors({ name: GROUP_TEXT.nameRequired })
    try {
      await update.mutateAsync(changes)
      showToast(GROUP_TEXT.saved)
    } catch (failure) {
      const fields = isApiError(failure) ? failure.fieldErrors : {}
      if (fields.name || fields.role) setErrors({ name: fields.name, role: fields.role })
      else showToast(errorText(failure), 'error')
    }
  }
  return (
    <form className={styles.section} onSubmit={submit} noValidate aria-labelledby="group-settings-heading">
      <h2 id="group-settings-heading">{GROUP_TEXT.settingsHeading}</h2>
      <TextField
        label={GROUP_TEXT.name}
        value={name}
        onChange={(value) => {
          setName(value)
          setErrors({})
        }}
        isRequired
        maxCharacters={100}
        validationBehavior="aria"
        validate={() => errors.name}
      />
      <SelectField
        label={GROUP_TEXT.role}
        value={role}
        options={ROLE_OPTIONS}
        onChange={(value) => {
          setRole(value as SiteRole)
          setErrors({})
        }}
        description={GROUP_TEXT.roleHint}
        errorMessage={errors.role}
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
      <GroupSettingsForm key={`${group.name}\n${group.role}`} siteSlug={siteSlug} group={group} />
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
