import { type FormEvent, useState } from 'react'
import { Form, Input, Label, SearchField } from 'react-aria-components'
import { useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import textFieldStyles from '@/components/ui/text-field.module.css'
import { MESSAGES } from '@/config/messages'

/** Global search: submitting goes to the search route with the typed text. */
export function SearchForm({ searchPath, onNavigate }: { searchPath: string; onNavigate: () => void }) {
  const navigate = useNavigate()
  const [term, setTerm] = useState('')
  const submit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault()
    if (term.trim() === '') return
    onNavigate()
    navigate(`${searchPath}?search=${encodeURIComponent(term.trim())}`)
  }
  return (
    <Form role="search" onSubmit={submit}>
      <SearchField
        name="searchInput"
        value={term}
        onChange={setTerm}
        autoComplete="off"
        autoFocus
        className={textFieldStyles.field}
      >
        <Label className={textFieldStyles.label}>Search this site</Label>
        <Input className={textFieldStyles.input} />
      </SearchField>
      <Button type="submit">{MESSAGES.sidebar.search}</Button>
    </Form>
  )
}
