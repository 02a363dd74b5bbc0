import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { DialogTrigger } from 'react-aria-components'
import { describe, expect, it } from 'vitest'
import { findAxeViolations } from '@/testing/axe'
import { Button } from './button'
import { Modal } from './modal'

function renderModal(type: 'standard' | 'unclosable') {
  return render(
    <DialogTrigger>
      <Button>Open</Button>
      <Modal title="Confirm" type={type}>
        {(close) => <Button onPress={close}>Done</Button>}
      </Modal>
    </DialogTrigger>,
  )
}

describe('Modal', () => {
  it('opens as a labelled dialog, closes on Escape and gives focus back to its trigger', async () => {
    const events = userEvent.setup()
    renderModal('standard')
    const trigger = screen.getByRole('button', { name: 'Open' })
    await events.click(trigger)
    const dialog = await screen.findByRole('dialog', { name: 'Confirm' })
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument()
    expect(await findAxeViolations(dialog)).toEqual([])
    await events.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(trigger).toHaveFocus())
  })

  it('an unclosable modal has no close button and ignores Escape; only its own action closes it', async () => {
    const events = userEvent.setup()
    renderModal('unclosable')
    await events.click(screen.getByRole('button', { name: 'Open' }))
    await screen.findByRole('dialog', { name: 'Confirm' })
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument()
    await events.keyboard('{Escape}')
    expect(screen.getByRole('dialog', { name: 'Confirm' })).toBeInTheDocument()
    await events.click(screen.getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })
})
