import { type FormEvent, type ReactNode, useState } from 'react'
import { Form, Input, Label, TextField } from 'react-aria-components'
import { useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import textFieldStyles from '@/components/ui/text-field.module.css'
import { MESSAGES } from '@/config/messages'

/** What the panel shows under the form for the text typed so far (the results as the user types). */
export type RenderSearchResults = (term: string, onNavigate: () => void) => ReactNode

type SearchFormProps = {
  searchPath: string
  onNavigate: () => void
  renderResults?: RenderSearchResults
}

/**
 * Global search: submitting goes to the search route with the typed text. A plain search input, not React
 * Aria's SearchField, whose Escape clears the text instead of closing: Escape closes the panel at once.
 */
export function SearchForm({ searchPath, onNavigate, renderResults }: SearchFormProps) {
  const navigate = useNavigate()
  const [term, setTerm] = useState('')
  const submit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault()
    if (term.trim() === '') return
    onNavigate()
    navigate(`${searchPath}?search=${encodeURIComponent(term.trim())}`)
  }
  return (
    <>
      <Form role="search" onSubmit={submit}>
        <TextField
          type="search"
          name="searchInput"
          value={term}
          onChange={setTerm}
          autoComplete="off"
          autoFocus
          className={textFieldStyles.field}
        >
          <Label className={textFieldStyles.label}>Search this site</Label>
          <Input className={textFieldStyles.input} />
        </TextField>
        <Button type="submit">{MESSAGES.sidebar.search}</Button>
      </Form>
      {renderResults?.(term, onNavigate)}
    </>
  )
}
