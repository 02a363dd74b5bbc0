import { type FormEvent, useState } from 'react'
import { Button as AriaButton, DialogTrigger, Form } from 'react-aria-components'
import { useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { Icon } from '@/components/ui/icon'
import { Modal } from '@/components/ui/modal'
import { TextField } from '@/components/ui/text-field'
import { MESSAGES } from '@/config/messages'
import styles from './sidebar.module.css'

export function singlePageScanPath(pageUrl: string): string {
  return `/single-page-scan/accessibility?uri=${encodeURIComponent(pageUrl.trim())}`
}

/** Add a single page: a modal with 'Page URL' and Submit that opens the single page scan for that URL. */
export function AddSinglePage({ onNavigate }: { onNavigate?: () => void }) {
  const navigate = useNavigate()
  const [pageUrl, setPageUrl] = useState('')
  const submit = (event: FormEvent<HTMLFormElement>, close: () => void) => {
    event.preventDefault()
    close()
    onNavigate?.()
    navigate(singlePageScanPath(pageUrl))
    setPageUrl('')
  }
  return (
    <DialogTrigger>
      <AriaButton className={styles.item}>
        <Icon name="add" />
        <span className={styles.itemLabel}>{MESSAGES.sidebar.addSinglePage}</span>
      </AriaButton>
      <Modal title={MESSAGES.sidebar.addSinglePage}>
        {(close) => (
          <Form onSubmit={(event) => submit(event, close)}>
            <TextField
              label={MESSAGES.sidebar.pageUrl}
              name="pageUrl"
              inputMode="url"
              autoComplete="url"
              isRequired
              autoFocus
              value={pageUrl}
              onChange={setPageUrl}
              validate={(value) => (value.trim() === '' ? MESSAGES.sidebar.pageUrlRequired : null)}
            />
            <Button type="submit">{MESSAGES.sidebar.submit}</Button>
          </Form>
        )}
      </Modal>
    </DialogTrigger>
  )
}
