import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Form } from 'react-aria-components'
import { describe, expect, it } from 'vitest'
import { Button } from './button'
import { TextField } from './text-field'

describe('TextField', () => {
  it("marks a required field and counts characters as 'n/max characters'", async () => {
    const events = userEvent.setup()
    render(<TextField label="Summary" isRequired maxCharacters={10} />)
    const input = screen.getByLabelText(/^Summary/)
    expect(input).toBeRequired()
    expect(screen.getByText('0/10 characters')).toBeInTheDocument()
    await events.type(input, 'Hello')
    expect(screen.getByText('5/10 characters')).toBeInTheDocument()
    expect(input).toHaveAccessibleDescription('5/10 characters')
  })

  it('lets the text run over the maximum and marks the field invalid with the message', async () => {
    const events = userEvent.setup()
    render(
      <Form>
        <TextField label="Summary" maxCharacters={5} tooLongMessage="The summary is too long." />
        <Button type="submit">Save</Button>
      </Form>,
    )
    const input = screen.getByLabelText(/^Summary/)
    await events.type(input, 'Much too long')
    expect(input).toHaveValue('Much too long')
    expect(screen.getByText('13/5 characters')).toBeInTheDocument()
    await events.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('The summary is too long.')).toBeInTheDocument()
    expect(input).toHaveAttribute('aria-invalid', 'true')
  })
})
