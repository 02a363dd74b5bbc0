import type { Group, SiteRole } from '@canopy/contracts'
import { type FormEvent, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Modal } from '@/components/ui/modal'
import { showToast } from '@/components/ui/toast'
import { useCreateGroup, useDeleteGroup } from '../api/groups'
import { errorText, GROUP_TEXT } from '../labels'
import { fieldErrorsOf, type GroupFieldErrors, GroupFields } from './group-fields'
import styles from './groups.module.css'
import { ParentSelect, parentIdOf, TOP_LEVEL } from './parent-select'

/** The new group's name, role and parent (the group whose subgroups tab opened it, else the top level). */
function CreateGroupForm({
  siteSlug,
  parent,
  close,
}: {
  siteSlug: string
  parent?: Pick<Group, 'id' | 'name'>
  close: () => void
}) {
  const [name, setName] = useState('')
  const [role, setRole] = useState<SiteRole>('viewer')
  const [parentChoice, setParentChoice] = useState(parent?.id ?? TOP_LEVEL)
  const [errors, setErrors] = useState<GroupFieldErrors>({})
  const create = useCreateGroup(siteSlug)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (name.trim() === '') return setErrors({ name: GROUP_TEXT.nameRequired })
    try {
      const parentId = parentIdOf(parentChoice) ?? undefined
      const group = await create.mutateAsync({ name: name.trim(), role, parentId })
      showToast(GROUP_TEXT.created(group.name))
      close()
    } catch (failure) {
      const fields = fieldErrorsOf(failure)
      if (fields) setErrors(fields)
      else showToast(errorText(failure), 'error')
    }
  }
  return (
    <form className={styles.dialog} onSubmit={submit} noValidate>
      <GroupFields
        name={name}
        role={role}
        errors={errors}
        onNameChange={(value) => {
          setName(value)
          setErrors({})
        }}
        onRoleChange={setRole}
        autoFocus
      />
      <ParentSelect
        siteSlug={siteSlug}
        value={parentChoice}
        onChange={(value) => {
          setParentChoice(value)
          setErrors({})
        }}
        current={parent}
        errorMessage={errors.parentId}
      />
      <div className={styles.dialogActions}>
        <Button variant="secondary" onPress={close} isDisabled={create.isPending}>
          {GROUP_TEXT.cancel}
        </Button>
        <Button type="submit" isDisabled={create.isPending}>
          {create.isPending ? GROUP_TEXT.creating : GROUP_TEXT.create}
        </Button>
      </div>
    </form>
  )
}

/** A button that opens the create-group dialog (a subgroup of `parent` when given). */
export function CreateGroupButton({
  siteSlug,
  parent,
}: {
  siteSlug: string
  parent?: Pick<Group, 'id' | 'name'>
}) {
  const [isOpen, setOpen] = useState(false)
  const label = parent ? GROUP_TEXT.newSubgroup : GROUP_TEXT.newGroup
  return (
    <>
      <Button onPress={() => setOpen(true)}>{label}</Button>
      <Modal title={label} isOpen={isOpen} onOpenChange={setOpen}>
        {(close) => <CreateGroupForm siteSlug={siteSlug} parent={parent} close={close} />}
      </Modal>
    </>
  )
}

/** The confirmation before a group (and its subgroups) is deleted; `onDeleted` runs once it is gone. */
export function DeleteGroupDialog({
  siteSlug,
  group,
  onClose,
  onDeleted,
}: {
  siteSlug: string
  group: Group | null
  onClose: () => void
  onDeleted?: () => void
}) {
  const remove = useDeleteGroup(siteSlug)
  const confirm = async (target: Group) => {
    try {
      await remove.mutateAsync(target.id)
      showToast(GROUP_TEXT.deleted(target.name))
      onClose()
      onDeleted?.()
    } catch (failure) {
      showToast(errorText(failure), 'error')
    }
  }
  return (
    <Modal
      title={GROUP_TEXT.deleteTitle}
      isOpen={group !== null}
      type={remove.isPending ? 'unclosable' : 'standard'}
      onOpenChange={(open) => (!open && !remove.isPending ? onClose() : undefined)}
    >
      {group ? (
        <div className={styles.dialog}>
          <p>{GROUP_TEXT.deleteQuestion(group.name, group.groupCount)}</p>
          <div className={styles.dialogActions}>
            <Button variant="secondary" onPress={onClose} isDisabled={remove.isPending}>
              {GROUP_TEXT.cancel}
            </Button>
            <Button variant="danger" onPress={() => void confirm(group)} isDisabled={remove.isPending}>
              {remove.isPending ? GROUP_TEXT.deleting : GROUP_TEXT.deleteGroup}
            </Button>
          </div>
        </div>
      ) : null}
    </Modal>
  )
}
