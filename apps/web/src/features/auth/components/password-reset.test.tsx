import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { findAxeViolations } from '@/testing/axe'
import { fail, installFakeApi, reply } from '@/testing/fake-api'
import { renderApp } from '@/testing/render'

const signedOut = { 'GET /auth/check': reply({ authenticated: false }) }

const REQUEST_FAILED = 'Your request could not be processed. Please check your details and try again later.'
const REQUEST_SENT =
  "An email has been sent with a link to reset your password. The link expires in one hour. If you can't find it, please check your spam folder."
const WEAK_PASSWORD = 'The password you have entered does not meet the minimum requirements.'
const MISMATCH = 'The passwords you entered do not match. Please check your password and try again.'
const RESET_FAILED = 'Your request could not be processed. Please try again later.'

const passwordField = () => screen.getByLabelText(/^Password/)
const confirmField = () => screen.getByLabelText(/^Confirm password/)

describe('request a password reset (/password/reset)', () => {
  it("is reached from the login page's 'Forgot password?' link", async () => {
    installFakeApi(signedOut)
    const events = userEvent.setup()
    renderApp('/')
    await events.click(await screen.findByRole('link', { name: 'Forgot password?' }))
    expect(
      await screen.findByRole('heading', { name: 'Request password reset', level: 1 }),
    ).toBeInTheDocument()
    expect(window.location.pathname).toBe('/password/reset')
    expect(document.title).toMatch(/^Request password reset/)
  })

  it('asks for the address when it is empty and sends nothing', async () => {
    const api = installFakeApi(signedOut)
    const events = userEvent.setup()
    renderApp('/password/reset')
    await events.click(await screen.findByRole('button', { name: 'Send reset link' }))

    expect(await screen.findByText('Please enter your email address')).toBeInTheDocument()
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText(/^Email/)).toHaveFocus()
    expect(api.callsTo('POST /account/reset')).toHaveLength(0)
  })

  it('sends the trimmed address and shows the success text, focused', async () => {
    const api = installFakeApi({ ...signedOut, 'POST /account/reset': reply({ ok: true }) })
    const events = userEvent.setup()
    renderApp('/password/reset')
    await events.type(await screen.findByLabelText(/^Email/), '  ada@example.com ')
    await events.click(screen.getByRole('button', { name: 'Send reset link' }))

    expect(await screen.findByText(REQUEST_SENT)).toBeInTheDocument()
    expect(api.callsTo('POST /account/reset')[0]?.body).toEqual({ email: 'ada@example.com' })
    expect(screen.getByText(REQUEST_SENT).closest('[tabindex="-1"]')).toHaveFocus()
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/')
    expect(await findAxeViolations()).toEqual([])
  })

  it.each([
    ['a refused request', fail(429, 'Too many attempts. Please wait 1 minute and try again.')],
    ['a server error', fail(500, 'Something went wrong on our side. Please try again later.')],
  ])('shows the one failure text for %s, whatever the server said', async (_, answer) => {
    installFakeApi({ ...signedOut, 'POST /account/reset': answer })
    const events = userEvent.setup()
    renderApp('/password/reset')
    await events.type(await screen.findByLabelText(/^Email/), 'ada@example.com')
    await events.click(screen.getByRole('button', { name: 'Send reset link' }))

    expect(await screen.findByRole('alert')).toHaveTextContent(REQUEST_FAILED)
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ada@example.com')
  })

  it('has no axe violations, with and without an error showing', async () => {
    installFakeApi(signedOut)
    const events = userEvent.setup()
    renderApp('/password/reset')
    await screen.findByRole('button', { name: 'Send reset link' })
    expect(await findAxeViolations()).toEqual([])
    await events.click(screen.getByRole('button', { name: 'Send reset link' }))
    await screen.findByText('Please enter your email address')
    expect(await findAxeViolations()).toEqual([])
  })
})

describe('set a new password (/password/reset?token=…)', () => {
  it('checks the rule and the confirmation with the spec messages, sending nothing', async () => {
    const api = installFakeApi(signedOut)
    const events = userEvent.setup()
    renderApp('/password/reset?token=tok-1')
    expect(await screen.findByRole('heading', { name: 'Set new password', level: 1 })).toBeInTheDocument()

    await events.click(screen.getByRole('button', { name: 'Set new password' }))
    expect(await screen.findByText(WEAK_PASSWORD)).toBeInTheDocument()
    expect(passwordField()).toHaveFocus()

    await events.type(passwordField(), 'lowercase')
    await events.type(confirmField(), 'lowercase')
    await events.click(screen.getByRole('button', { name: 'Set new password' }))
    expect(await screen.findByText(WEAK_PASSWORD)).toBeInTheDocument()

    await events.clear(passwordField())
    await events.type(passwordField(), 'Fresh-start-2026')
    await events.clear(confirmField())
    await events.type(confirmField(), 'Fresh-start-2027')
    await events.click(screen.getByRole('button', { name: 'Set new password' }))
    expect(await screen.findByText(MISMATCH)).toBeInTheDocument()
    expect(screen.queryByText(WEAK_PASSWORD)).not.toBeInTheDocument()
    expect(confirmField()).toHaveAttribute('aria-invalid', 'true')
    expect(confirmField()).toHaveFocus()
    expect(api.callsTo('POST /account/reset/password')).toHaveLength(0)
    expect(await findAxeViolations()).toEqual([])
  })

  it('clears a fixed error while typing, before the submit button is pressed', async () => {
    // Otherwise the message would vanish on blur, mid-press, moving the button from under the pointer.
    installFakeApi(signedOut)
    const events = userEvent.setup()
    renderApp('/password/reset?token=tok-1')
    await events.type(await screen.findByLabelText(/^Password/), 'Fresh-start-2026')
    await events.type(confirmField(), 'Fresh-start')
    await events.click(screen.getByRole('button', { name: 'Set new password' }))
    expect(await screen.findByText(MISMATCH)).toBeInTheDocument()

    await events.type(confirmField(), '-2026')
    expect(confirmField()).toHaveFocus()
    expect(screen.queryByText(MISMATCH)).not.toBeInTheDocument()
    expect(confirmField()).not.toHaveAttribute('aria-invalid')
  })

  it('sends the token and password, says so, and goes to login after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const api = installFakeApi({ ...signedOut, 'POST /account/reset/password': reply({ ok: true }) })
    const events = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    renderApp('/password/reset?token=tok-1')
    await events.type(await screen.findByLabelText(/^Password/), 'Fresh-start-2026')
    await events.type(confirmField(), 'Fresh-start-2026')
    await events.click(screen.getByRole('button', { name: 'Set new password' }))

    const done = 'Your password has been changed. You will be taken to the login page in 5 seconds.'
    expect(await screen.findByText(done)).toBeInTheDocument()
    expect(api.callsTo('POST /account/reset/password')[0]?.body).toEqual({
      token: 'tok-1',
      password: 'Fresh-start-2026',
    })
    expect(await findAxeViolations()).toEqual([])

    await act(async () => {
      vi.advanceTimersByTime(4_500)
    })
    expect(window.location.pathname).toBe('/password/reset')
    await act(async () => {
      vi.advanceTimersByTime(600)
    })
    await waitFor(() => expect(window.location.pathname).toBe('/'))
    expect(await screen.findByRole('heading', { name: 'Log in to Canopy' })).toBeInTheDocument()
  })

  it("shows the server's message for a refused link", async () => {
    const message = 'This password reset link is invalid, has expired or has already been used.'
    installFakeApi({
      ...signedOut,
      'POST /account/reset/password': fail(400, `token: ${message}`, { errors: { token: message } }),
    })
    const events = userEvent.setup()
    renderApp('/password/reset?token=used')
    await events.type(await screen.findByLabelText(/^Password/), 'Fresh-start-2026')
    await events.type(confirmField(), 'Fresh-start-2026')
    await events.click(screen.getByRole('button', { name: 'Set new password' }))

    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(screen.getByRole('alert')).not.toHaveTextContent('token:')
    expect(screen.getByRole('link', { name: 'Request password reset' })).toHaveAttribute(
      'href',
      '/password/reset',
    )
    expect(await findAxeViolations()).toEqual([])
  })

  it("puts the server's password error on the password field", async () => {
    installFakeApi({
      ...signedOut,
      'POST /account/reset/password': fail(400, `password: ${WEAK_PASSWORD}`, {
        errors: { password: WEAK_PASSWORD },
      }),
    })
    const events = userEvent.setup()
    renderApp('/password/reset?token=tok-1')
    await events.type(await screen.findByLabelText(/^Password/), 'Fresh-start-2026')
    await events.type(confirmField(), 'Fresh-start-2026')
    await events.click(screen.getByRole('button', { name: 'Set new password' }))

    expect(await screen.findByText(WEAK_PASSWORD)).toBeInTheDocument()
    expect(passwordField()).toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it.each([
    ['a server error without a body', { status: 502 }],
    ['an error body without a message', { status: 500, body: {} }],
  ])('falls back to the spec text for %s', async (_, answer) => {
    installFakeApi({ ...signedOut, 'POST /account/reset/password': answer })
    const events = userEvent.setup()
    renderApp('/password/reset?token=tok-1')
    await events.type(await screen.findByLabelText(/^Password/), 'Fresh-start-2026')
    await events.type(confirmField(), 'Fresh-start-2026')
    await events.click(screen.getByRole('button', { name: 'Set new password' }))

    expect(await screen.findByRole('alert')).toHaveTextContent(RESET_FAILED)
  })
})
