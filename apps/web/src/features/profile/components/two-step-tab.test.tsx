import type { CurrentProfile, TwoFactorStatus } from '@canopy/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { AppToastRegion } from '@/components/ui/toast'
import { findAxeViolations } from '@/testing/axe'
import { fail, installFakeApi, reply } from '@/testing/fake-api'
import { renderWithRouter } from '@/testing/render'
import { ProfileScreen } from './profile-screen'

const PROFILE = '/api/v1/crm/users/currentProfile'
const TWO_FACTOR = `${PROFILE}/two-factor`
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
const CODES = Array.from({ length: 10 }, (_, index) => `abcde-fgh${String(index).padStart(2, '2')}`)

const profile: CurrentProfile = {
  id: 'u1',
  sys: { id: 'u1' },
  userRole: null,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.test',
  hasAvatar: false,
  productNewsConsent: false,
  productNewsConsentAt: null,
  credentials: { provider: { name: 'password' }, passwordChangeFrequency: null },
}

const off: TwoFactorStatus = { available: true, enabled: false, enabledAt: null, recoveryCodesLeft: 0 }
const on: TwoFactorStatus = {
  available: true,
  enabled: true,
  enabledAt: '2026-11-27T10:00:00.000Z',
  recoveryCodesLeft: 10,
}

function renderTab(initial: TwoFactorStatus, extra: Parameters<typeof installFakeApi>[0] = {}) {
  const api = installFakeApi({
    [`GET ${PROFILE}`]: reply(profile),
    [`GET ${TWO_FACTOR}`]: reply(initial),
    [`POST ${TWO_FACTOR}/setup`]: reply({
      secret: SECRET,
      otpauthUrl: `otpauth://totp/Canopy:ada%40example.test?issuer=Canopy&secret=${SECRET}`,
    }),
    ...extra,
  })
  renderWithRouter(
    <>
      <ProfileScreen />
      <AppToastRegion />
    </>,
    { url: '/userprofile' },
  )
  return api
}

async function openTab() {
  await userEvent.click(await screen.findByRole('tab', { name: 'Two-step verification' }))
  return screen.getByRole('tabpanel', { name: 'Two-step verification' })
}

describe('profile: two-step verification', () => {
  it('turns on: QR code and key, a wrong code is announced, the right one shows the recovery codes once', async () => {
    let confirms = 0
    const api = renderTab(off, {
      [`POST ${TWO_FACTOR}/confirm`]: () => {
        confirms += 1
        if (confirms === 1) {
          return fail(400, 'code: The code is not correct.', {
            errors: {
              code: 'The code is not correct. Check that the time on your device is right and try again.',
            },
          })
        }
        return reply({ recoveryCodes: CODES, status: on })
      },
    })
    const panel = await openTab()
    expect(within(panel).getByText('Two-step verification is off.')).toBeInTheDocument()
    await userEvent.click(within(panel).getByRole('button', { name: 'Turn on two-step verification' }))

    expect(
      await within(panel).findByRole('img', { name: 'QR code for setting up your authenticator app' }),
    ).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/))
    expect(within(panel).getByTestId('totp-secret')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    )
    const code = within(panel).getByLabelText(/^6-digit code/)
    expect(code).toHaveAttribute('autocomplete', 'one-time-code')
    expect(code).toHaveAttribute('inputmode', 'numeric')
    expect(await findAxeViolations()).toEqual([])

    await userEvent.type(code, '12a3456')
    expect(code).toHaveValue('123456')
    await userEvent.click(within(panel).getByRole('button', { name: 'Turn on' }))
    expect(await within(panel).findByText(/The code is not correct\. Check that the time/)).toHaveAttribute(
      'role',
      'alert',
    )
    await userEvent.click(within(panel).getByRole('button', { name: 'Turn on' }))

    const list = await within(panel).findByRole('list', { name: 'Recovery codes' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(10)
    expect(api.callsTo(`POST ${TWO_FACTOR}/confirm`)[1]?.body).toEqual({ code: '123456' })
    const download = within(panel).getByRole('link', { name: 'Download codes' })
    expect(download).toHaveAttribute('download', 'canopy-recovery-codes.txt')
    expect(decodeURIComponent(download.getAttribute('href') ?? '')).toContain(CODES.join('\n'))
    expect(within(panel).getByText(/Two-step verification is on/)).toHaveTextContent(
      'Recovery codes left: 10.',
    )
    expect(await findAxeViolations()).toEqual([])

    await userEvent.click(within(panel).getByRole('button', { name: 'I have saved them' }))
    expect(within(panel).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument()
  })

  it('turns off with the password, and makes new recovery codes with a code', async () => {
    const api = renderTab(on, {
      [`POST ${TWO_FACTOR}/disable`]: reply(off),
      [`POST ${TWO_FACTOR}/recovery-codes`]: reply({ recoveryCodes: CODES, status: on }),
    })
    const panel = await openTab()
    await userEvent.type(within(panel).getByLabelText('Or a current code'), '654321')
    await userEvent.click(within(panel).getByRole('button', { name: 'Make new recovery codes' }))
    expect(await within(panel).findByRole('list', { name: 'Recovery codes' })).toBeInTheDocument()
    expect(api.callsTo(`POST ${TWO_FACTOR}/recovery-codes`)[0]?.body).toEqual({ code: '654321' })
    await userEvent.click(within(panel).getByRole('button', { name: 'I have saved them' }))

    await userEvent.type(within(panel).getByLabelText('Password'), 'Canopy-test-2026')
    await userEvent.click(within(panel).getByRole('button', { name: 'Turn off two-step verification' }))
    await waitFor(() => expect(within(panel).getByText('Two-step verification is off.')).toBeInTheDocument())
    expect(api.callsTo(`POST ${TWO_FACTOR}/disable`)[0]?.body).toEqual({ password: 'Canopy-test-2026' })
    expect(await findAxeViolations()).toEqual([])
  })

  it('tells a single sign-on account that its provider looks after it', async () => {
    renderTab({ ...off, available: false })
    const panel = await openTab()
    expect(
      within(panel).getByText(/single sign-on, which looks after two-step verification/),
    ).toBeInTheDocument()
    expect(
      within(panel).queryByRole('button', { name: 'Turn on two-step verification' }),
    ).not.toBeInTheDocument()
  })
})
