import type { Group, GroupMember } from '@canopy/contracts'
import { type FormEvent, useMemo, useState } from 'react'
import { Button } from '@/components/ui/button'
import { ComboBoxField, type ComboBoxOption } from '@/components/ui/combo-box-field'
import { type ListColumn, ListView, useListParams } from '@/components/ui/list'
import { showToast } from '@/components/ui/toast'
import { TIMING } from '@/config/constants'
import { useDebouncedValue } from '@/hooks/use-debounced-value'
import { isApiError } from '@/lib/api-client'
import { useAddGroupMember, useGroupMemberList, useRemoveGroupMember, useSiteUserSearch } from '../api/groups'
import { errorText, GROUP_TEXT } from '../labels'
import styles from './groups.module.css'

const fullName = (user: Pick<GroupMember, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`.trim()

/**
 * The search behind the user picker: what is typed, once typing pauses; picking an option puts its name
 * in the box, which is not a new search (the search stays what was typed).
 */
function useUserPicker(siteSlug: string) {
  const [input, setInput] = useState('')
  const [search, setSearch] = useState('')
  const [selected, setSelected] = useState<ComboBoxOption | null>(null)
  const debounced = useDebouncedValue(search, TIMING.searchDebounceMs)
  const users = useSiteUserSearch(siteSlug, debounced.trim())
  const found = (users.data?.items ?? []).map((user) => ({
    id: user.id,
    label: fullName(user),
    description: user.email,
  }))
  const options =
    selected && !found.some((option) => option.id === selected.id) ? [selected, ...found] : found
  const onInputChange = (value: string) => {
    setInput(value)
    if (!options.some((option) => option.label === value)) setSearch(value)
  }
  // With both the text and the choice controlled, React Aria leaves putting the choice's name in the box to us.
  const onSelectionChange = (id: string | null) => {
    const option = options.find((candidate) => candidate.id === id) ?? null
    setSelected(option)
    if (option) setInput(option.label)
  }
  const reset = () => {
    setInput('')
    setSearch('')
    setSelected(null)
  }
  return { input, options, selected, onInputChange, onSelectionChange, reset }
}

/** Adding a member: a searchable list of the people who can see the site, and the add button. */
function AddMemberForm({ siteSlug, groupId }: { siteSlug: string; groupId: string }) {
  const picker = useUserPicker(siteSlug)
  const [error, setError] = useState<string | undefined>()
  const add = useAddGroupMember(siteSlug, groupId)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const user = picker.selected
    if (!user) return setError(GROUP_TEXT.chooseUser)
    try {
      await add.mutateAsync(user.id)
      showToast(GROUP_TEXT.added(user.label))
      picker.reset()
    } catch (failure) {
      const message = isApiError(failure) ? failure.fieldErrors.userId : undefined
      if (message) setError(message)
      else showToast(errorText(failure), 'error')
    }
  }
  return (
    <form className={styles.addMember} onSubmit={submit} noValidate aria-label={GROUP_TEXT.addMember}>
      <ComboBoxField
        label={GROUP_TEXT.addMember}
        description={GROUP_TEXT.addMemberHint}
        inputValue={picker.input}
        onInputChange={(value) => {
          picker.onInputChange(value)
          setError(undefined)
        }}
        options={picker.options}
        selectedKey={picker.selected?.id ?? null}
        onSelectionChange={(id) => {
          picker.onSelectionChange(id)
          setError(undefined)
        }}
        emptyMessage={GROUP_TEXT.noUsersFound}
        errorMessage={error}
      />
      <Button type="submit" isDisabled={add.isPending}>
        {add.isPending ? GROUP_TEXT.adding : GROUP_TEXT.add}
      </Button>
    </form>
  )
}

function RemoveMemberButton({
  siteSlug,
  groupId,
  user,
}: {
  siteSlug: string
  groupId: string
  user: GroupMember
}) {
  const remove = useRemoveGroupMember(siteSlug, groupId)
  return (
    <Button
      size="small"
      variant="danger"
      isDisabled={remove.isPending}
      aria-label={`${GROUP_TEXT.remove} ${fullName(user)}`}
      onPress={() =>
        remove.mutate(user.id, {
          onSuccess: () => showToast(GROUP_TEXT.removed(fullName(user))),
          onError: (failure) => showToast(errorText(failure), 'error'),
        })
      }
    >
      {GROUP_TEXT.remove}
    </Button>
  )
}

function memberColumns(siteSlug: string, groupId: string): ListColumn<GroupMember>[] {
  return [
    { id: 'name', label: GROUP_TEXT.name, isRowHeader: true, render: fullName },
    { id: 'email', label: GROUP_TEXT.email, render: (user) => user.email },
    {
      id: 'actions',
      label: GROUP_TEXT.actions,
      render: (user) => <RemoveMemberButton siteSlug={siteSlug} groupId={groupId} user={user} />,
    },
  ]
}

/** The users tab: the group's own members, adding one and removing one. */
export function GroupMembersTab({ siteSlug, group }: { siteSlug: string; group: Group }) {
  const list = useListParams({ sortBy: 'name', sortDir: 'asc' })
  const members = useGroupMemberList(siteSlug, group.id, list.query)
  const columns = useMemo(() => memberColumns(siteSlug, group.id), [siteSlug, group.id])
  return (
    <>
      <AddMemberForm siteSlug={siteSlug} groupId={group.id} />
      <ListView
        caption={GROUP_TEXT.membersCaption(group.name)}
        captionHidden
        filterLabel={GROUP_TEXT.filterMembers}
        columns={columns}
        list={list}
        query={members}
        getRowKey={(user) => user.id}
        emptyMessage={GROUP_TEXT.noMembers}
      />
    </>
  )
}
