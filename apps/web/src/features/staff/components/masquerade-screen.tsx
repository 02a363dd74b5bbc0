import type { StaffUser } from '@canopy/contracts'
import { MASQUERADE_MESSAGES } from '@canopy/contracts'
import { useState } from 'react'
import { Form } from 'react-aria-components'
import { Button } from '@/components/ui/button'
import { InlineAlert, PageHeader, StatusMessage } from '@/components/ui/notice'
import { TextField } from '@/components/ui/text-field'
import { useDebouncedValue } from '@/hooks/use-debounced-value'
import { useStartMasquerade } from '../api/masquerade'
import { useStaffUserSearch } from '../api/staff-queries'
import styles from './staff.module.css'

export const MASQUERADE_SCREEN = {
  title: 'Masquerade',
  field: 'Masquerade ID',
  fieldHelp: 'A user id or e-mail address.',
  submit: 'Masquerade',
  search: 'Find a user',
  searchHelp: 'Search by name or e-mail address.',
  noUsers: 'No users match.',
  staff: 'Staff (cannot be masqueraded)',
  actAs: (name: string) => `Masquerade as ${name}`,
} as const

function UserResults({ users, onChoose }: { users: StaffUser[]; onChoose: (user: StaffUser) => void }) {
  if (users.length === 0) return <StatusMessage title={MASQUERADE_SCREEN.noUsers} />
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">Users found</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">E-mail address</th>
          <th scope="col">Action</th>
        </tr>
      </thead>
      <tbody>
        {users.map((user) => {
          const name = `${user.firstName} ${user.lastName}`.trim()
          return (
            <tr key={user.id}>
              <th scope="row">{name}</th>
              <td>{user.email}</td>
              <td>
                {user.isStaff ? (
                  <span className={styles.muted}>{MASQUERADE_SCREEN.staff}</span>
                ) : (
                  <Button size="small" variant="secondary" onPress={() => onChoose(user)}>
                    {MASQUERADE_SCREEN.actAs(name)}
                  </Button>
                )}
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}

function UserSearch({ onChoose }: { onChoose: (user: StaffUser) => void }) {
  const [search, setSearch] = useState('')
  const users = useStaffUserSearch(useDebouncedValue(search, 500))
  return (
    <section aria-labelledby="masquerade-search">
      <h2 id="masquerade-search">{MASQUERADE_SCREEN.search}</h2>
      <TextField
        label={MASQUERADE_SCREEN.search}
        description={MASQUERADE_SCREEN.searchHelp}
        type="search"
        autoComplete="off"
        value={search}
        onChange={setSearch}
      />
      {users.isError ? <InlineAlert>{users.error.message}</InlineAlert> : null}
      {users.data ? <UserResults users={users.data.items} onChoose={onChoose} /> : null}
    </section>
  )
}

/** /debug/masquerade (staff): act as another user by id or e-mail address, or one found by search. */
export function MasqueradeScreen() {
  const [masqueradeId, setMasqueradeId] = useState('')
  const start = useStartMasquerade()
  return (
    <>
      <PageHeader title={MASQUERADE_SCREEN.title} />
      {start.isError ? <InlineAlert>{start.error.message}</InlineAlert> : null}
      <Form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault()
          start.mutate(masqueradeId.trim())
        }}
      >
        <TextField
          label={MASQUERADE_SCREEN.field}
          description={MASQUERADE_SCREEN.fieldHelp}
          isRequired
          value={masqueradeId}
          onChange={setMasqueradeId}
          validate={(value) => (value.trim() ? null : MASQUERADE_MESSAGES.required)}
        />
        <Button type="submit" isDisabled={start.isPending}>
          {MASQUERADE_SCREEN.submit}
        </Button>
      </Form>
      <UserSearch onChoose={(user) => start.mutate(user.id)} />
    </>
  )
}
