import { TWO_FACTOR_MESSAGES, type TwoFactorSetup, type TwoFactorStatus } from '@canopy/contracts'
import { type FormEvent, useState } from 'react'
import { Form } from 'react-aria-components'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { showToast } from '@/components/ui/toast'
import { formatDate } from '@/lib/format-values'
import { errorMessageOf } from '../api/profile-api'
import {
  useConfirmTwoFactor,
  useRegenerateRecoveryCodes,
  useStartTwoFactorSetup,
  useTurnOffTwoFactor,
  useTwoFactorStatus,
} from '../api/two-factor-api'
import styles from './profile.module.css'
import { QrCode } from './qr-code'
import { RecoveryCodesPanel } from './recovery-codes-panel'

export const TWO_STEP_TEXT = {
  heading: 'Two-step verification',
  intro:
    'After your password, Canopy also asks for a 6-digit code from an authenticator app on your phone, so a stolen password alone cannot sign in.',
  statusOff: 'Two-step verification is off.',
  statusOn: (date: string) => `Two-step verification is on (since ${date}).`,
  codesLeft: (count: number) => `Recovery codes left: ${count}.`,
  turnOn: 'Turn on two-step verification',
  setupHeading: 'Set up your authenticator app',
  scan: '1. Scan this QR code with your authenticator app.',
  manual: "Can't scan it? Enter this key in the app instead:",
  qrLabel: 'QR code for setting up your authenticator app',
  enterCode: '2. Enter the 6-digit code the app shows, to check it works.',
  codeLabel: '6-digit code',
  confirm: 'Turn on',
  cancel: 'Cancel',
  proofHeading: 'Turn off or make new recovery codes',
  proofIntro: 'Confirm it is you with your password, or with a current code from your authenticator app.',
  passwordLabel: 'Password',
  orCodeLabel: 'Or a current code',
  turnOff: 'Turn off two-step verification',
  regenerate: 'Make new recovery codes',
  sso: TWO_FACTOR_MESSAGES.ssoAccount,
} as const

/** A 6-digit code field: numeric keyboard, and the browser may fill a code it received. */
export function OneTimeCodeField({
  label,
  value,
  onChange,
  isRequired = false,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  isRequired?: boolean
}) {
  return (
    <TextField
      label={label}
      name="one-time-code"
      autoComplete="one-time-code"
      inputMode="numeric"
      pattern="[0-9]*"
      maxLength={6}
      isRequired={isRequired}
      value={value}
      onChange={(text) => onChange(text.replace(/\D/g, ''))}
    />
  )
}

/** /userprofile, Two-step verification: turn on with an authenticator app, turn off, new recovery codes. */
export function TwoStepTab() {
  const status = useTwoFactorStatus()
  const [codes, setCodes] = useState<string[] | null>(null)
  if (!status.data) {
    return <p className={styles.panel}>{status.isError ? errorMessageOf(status.error) : 'Loading…'}</p>
  }
  return (
    <section className={styles.panel} aria-labelledby="two-step-heading">
      <h2 id="two-step-heading">{TWO_STEP_TEXT.heading}</h2>
      <p>{TWO_STEP_TEXT.intro}</p>
      {codes ? <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} /> : null}
      <TwoStepBody status={status.data} onCodes={setCodes} />
    </section>
  )
}

function TwoStepBody({ status, onCodes }: { status: TwoFactorStatus; onCodes: (codes: string[]) => void }) {
  if (!status.available) return <p>{TWO_STEP_TEXT.sso}</p>
  if (status.enabled) {
    return (
      <>
        <p role="status">
          {TWO_STEP_TEXT.statusOn(formatDate(status.enabledAt))}{' '}
          {TWO_STEP_TEXT.codesLeft(status.recoveryCodesLeft)}
        </p>
        <ProofForm onCodes={onCodes} />
      </>
    )
  }
  return <TurnOn onCodes={onCodes} />
}

function TurnOn({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const setup = useStartTwoFactorSetup()
  if (setup.data) return <SetupForm setup={setup.data} onCancel={() => setup.reset()} onCodes={onCodes} />
  return (
    <>
      <p role="status">{TWO_STEP_TEXT.statusOff}</p>
      {setup.isError ? (
        <p className={styles.error} role="alert">
          {errorMessageOf(setup.error)}
        </p>
      ) : null}
      <Button isDisabled={setup.isPending} onPress={() => setup.mutate()}>
        {TWO_STEP_TEXT.turnOn}
      </Button>
    </>
  )
}

/** The secret as a QR code and as text (grouped by four for typing), then a code to confirm it. */
function SetupForm({
  setup,
  onCancel,
  onCodes,
}: {
  setup: TwoFactorSetup
  onCancel: () => void
  onCodes: (codes: string[]) => void
}) {
  const confirm = useConfirmTwoFactor()
  const [code, setCode] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    confirm.mutate(code, {
      onSuccess: (answer) => {
        onCodes(answer.recoveryCodes)
        showToast(TWO_FACTOR_MESSAGES.turnedOn)
      },
    })
  }
  return (
    <Form className={styles.form} onSubmit={submit} aria-labelledby="two-step-setup">
      <h3 id="two-step-setup">{TWO_STEP_TEXT.setupHeading}</h3>
      <p>{TWO_STEP_TEXT.scan}</p>
      <QrCode value={setup.otpauthUrl} label={TWO_STEP_TEXT.qrLabel} />
      <p>{TWO_STEP_TEXT.manual}</p>
      <code className={styles.secret} data-testid="totp-secret">
        {setup.secret.match(/.{1,4}/g)?.join(' ')}
      </code>
      <p>{TWO_STEP_TEXT.enterCode}</p>
      <OneTimeCodeField label={TWO_STEP_TEXT.codeLabel} value={code} onChange={setCode} isRequired />
      <p className={styles.error} role="alert">
        {errorMessageOf(confirm.error, 'code')}
      </p>
      <div className={styles.actions}>
        <Button type="submit" isDisabled={confirm.isPending}>
          {TWO_STEP_TEXT.confirm}
        </Button>
        <Button variant="secondary" onPress={onCancel}>
          {TWO_STEP_TEXT.cancel}
        </Button>
      </div>
    </Form>
  )
}

/** Turning off and new recovery codes both need the password or a current code. */
function ProofForm({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const turnOff = useTurnOffTwoFactor()
  const regenerate = useRegenerateRecoveryCodes()
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const proof = () => (password !== '' ? { password } : code !== '' ? { code } : {})
  const clear = () => {
    setPassword('')
    setCode('')
  }
  const submitTurnOff = (event: FormEvent) => {
    event.preventDefault()
    regenerate.reset()
    turnOff.mutate(proof(), {
      onSuccess: () => {
        clear()
        showToast(TWO_FACTOR_MESSAGES.turnedOff)
      },
    })
  }
  const makeCodes = () => {
    turnOff.reset()
    regenerate.mutate(proof(), {
      onSuccess: (answer) => {
        clear()
        onCodes(answer.recoveryCodes)
        showToast(TWO_FACTOR_MESSAGES.codesRegenerated)
      },
    })
  }
  const error = turnOff.error ?? regenerate.error
  const busy = turnOff.isPending || regenerate.isPending
  return (
    <Form className={styles.form} onSubmit={submitTurnOff} aria-labelledby="two-step-proof">
      <h3 id="two-step-proof">{TWO_STEP_TEXT.proofHeading}</h3>
      <p>{TWO_STEP_TEXT.proofIntro}</p>
      <TextField
        label={TWO_STEP_TEXT.passwordLabel}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
      />
      <OneTimeCodeField label={TWO_STEP_TEXT.orCodeLabel} value={code} onChange={setCode} />
      <p className={styles.error} role="alert">
        {errorMessageOf(error, 'password') ?? errorMessageOf(error, 'code')}
      </p>
      <div className={styles.actions}>
        <Button type="submit" variant="danger" isDisabled={busy}>
          {TWO_STEP_TEXT.turnOff}
        </Button>
        <Button variant="secondary" isDisabled={busy} onPress={makeCodes}>
          {TWO_STEP_TEXT.regenerate}
        </Button>
      </div>
    </Form>
  )
}
