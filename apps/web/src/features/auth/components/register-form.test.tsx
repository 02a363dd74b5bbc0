import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { findAxeViolations } from '@/testing/axe'
import { fail, installFakeApi, reply } from '@/testing/fake-api'
import { makeUser } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'

const signedOut = { 'GET /auth/check': reply({ authenticated: false }) }

function field(name: RegExp) {
  return screen.getByLabelText(name)
}

async function fillForm(events: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  const labels: Record<string, RegExp> = {
    firstname: /^First name/,
    lastname: /^Surname/,
    email: /^Email/,
    password: /^Password/,
    confirmPassword: /^Confirm password/,
  }
  for (const [name, value] of Object.entries(values)) {
    const input = field(labels[name] ?? /^$/)
    await events.clear(input)
    if (value !== '') await events.type(input, value)
  }
}

describe('registration', () => {
  it('shows each required-field message from the spec when submitted empty, and sends nothing', async () => {
    const api = installFakeApi(signedOut)
    const events = userEvent.setup()
    renderApp('/register')
    await events.click(await screen.findByRole('button', { name: 'Register' }))

    for (const message of [
      'You must enter your first name.',
      'You must enter your surname.',
      'You must enter an email address.',
      'You must enter a password.',
      'You must confirm your password.',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument()
    }
    expect(field(/^First name/)).toHaveFocus()
    expect(api.callsTo('POST /account/register')).toHaveLength(0)
  })

  it('checks the e-mail shape, password strength and that the passwords match', async () => {
    installFakeApi(signedOut)
    const events = userEvent.setup()
    renderApp('/register')
    await screen.findByRole('button', { name: 'Register' })
    await fillForm(events, {
      firstname: 'Ada',
      lastname: 'Lovelace',
      email: 'not-an-email',
      password: 'weak',
      confirmPassword: 'different',
    })
    await events.click(screen.getByRole('button', { name: 'Register' }))

    expect(await screen.findByText('A valid email address must be entered')).toBeInTheDocument()
    expect(
      screen.getByText('The password you have entered does not meet the minimum requirements.'),
    ).toBeInTheDocument()
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument()
    expect(field(/^Email/)).toHaveAttribute('aria-invalid', 'true')
  })

  it("attaches the server's validation errors to the fields they name", async () => {
    installFakeApi({
      ...signedOut,
      'POST /account/register': fail(400, 'An account with this email address already exists.', {
        errors: {
          email: 'An account with this email address already exists.',
          'credentials.password': 'The password you have entered does not meet the minimum requirements.',
        },
      }),
    })
    const events = userEvent.setup()
    renderApp('/register')
    await screen.findByRole('button', { name: 'Register' })
    await fillForm(events, {
      firstname: 'Ada',
      lastname: 'Lovelace',
      email: 'ada@example.com',
      password: 'Engine-1843-Lovelace',
      confirmPassword: 'Engine-1843-Lovelace',
    })
    await events.click(screen.getByRole('button', { name: 'Register' }))

    const email = field(/^Email/)
    expect(await screen.findByText('An account with this email address already exists.')).toBeInTheDocument()
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(field(/^Password/)).toHaveAttribute('aria-invalid', 'true')
  })

  it('sends the registration with creditLimit 250 and asks the user to check their e-mail', async () => {
    const api = installFakeApi({
      ...signedOut,
      'POST /account/register': reply({ user: makeUser(), signedIn: false, verificationRequired: true }, 201),
    })
    const events = userEvent.setup()
    renderApp('/register')
    await screen.findByRole('button', { name: 'Register' })
    await fillForm(events, {
      firstname: 'Ada',
      lastname: 'Lovelace',
      email: 'ada@example.com',
      password: 'Engine-1843-Lovelace',
      confirmPassword: 'Engine-1843-Lovelace',
    })
    await events.click(screen.getByRole('button', { name: 'Register' }))

    const success = await screen.findByRole('heading', { name: 'Registration successful' })
    expect(
      within(success.closest('section') as HTMLElement).getByText(/verify your account/),
    ).toBeInTheDocument()
    expect(api.callsTo('POST /account/register')[0]?.body).toEqual({
      firstname: 'Ada',
      lastname: 'Lovelace',
      email: 'ada@example.com',
      credentials: { password: 'Engine-1843-Lovelace' },
      creditLimit: 250,
    })
  })

  it('has no axe violations, with and without errors showing', async () => {
    installFakeApi(signedOut)
    const events = userEvent.setup()
    renderApp('/register')
    await screen.findByRole('button', { name: 'Register' })
    expect(await findAxeViolations()).toEqual([])
    await events.click(screen.getByRole('button', { name: 'Register' }))
    await screen.findByText('You must enter your first name.')
    expect(await findAxeViolations()).toEqual([])
  })
})
