import type { ScanLogin } from '@canopy/contracts'
import { Label, Radio, RadioGroup } from 'react-aria-components'
import { TextField } from '@/components/ui/text-field'
import styles from './scan-login.module.css'
import type { FormDraft } from './scan-login-state'

interface LoginFormFieldsProps {
  draft: FormDraft
  stored: ScanLogin['form']
  errors: Record<string, string>
  onChange: (change: Partial<FormDraft>) => void
}

const secretDescription = (isSet: boolean, what: string) =>
  isSet ? `Set. Leave blank to keep the stored ${what}.` : 'Not set.'

/** The recorded login form: its page, the fields a scan fills in, and how it tells it is signed in. */
export function LoginFormFields({ draft, stored, errors, onChange }: LoginFormFieldsProps) {
  const field = (name: keyof FormDraft, label: string, description?: string) => (
    <TextField
      label={label}
      description={description}
      value={draft[name]}
      onChange={(value) => onChange({ [name]: value })}
      isRequired
      validationBehavior="aria"
      validate={() => errors[`form.${name}`]}
    />
  )
  return (
    <div className={styles.fields}>
      {field('loginUrl', 'Login page address', 'The page with the login form, on the site.')}
      {field('usernameSelector', 'Username field selector', 'A CSS selector, for example #email.')}
      {field('passwordSelector', 'Password field selector', 'A CSS selector, for example #password.')}
      {field('submitSelector', 'Submit button selector', 'A CSS selector, for example button[type=submit].')}
      <RadioGroup
        className={styles.radioGroup}
        value={draft.successKind}
        onChange={(value) => onChange({ successKind: value as FormDraft['successKind'] })}
      >
        <Label className={styles.radioLabel}>Signed in when the page shows</Label>
        <Radio className={styles.radio} value="text">
          A text
        </Radio>
        <Radio className={styles.radio} value="selector">
          An element (CSS selector)
        </Radio>
      </RadioGroup>
      <TextField
        label={draft.successKind === 'text' ? 'Text shown once signed in' : 'Element shown once signed in'}
        value={draft.successValue}
        onChange={(value) => onChange({ successValue: value })}
        isRequired
        validationBehavior="aria"
        validate={() => errors['form.successCheck.value']}
      />
      <SecretField
        label="Username"
        value={draft.username}
        description={secretDescription(stored?.usernameSet ?? false, 'username')}
        error={errors['form.username']}
        onChange={(username) => onChange({ username })}
      />
      <SecretField
        label="Password"
        value={draft.password}
        description={secretDescription(stored?.passwordSet ?? false, 'password')}
        error={errors['form.password']}
        onChange={(password) => onChange({ password })}
      />
    </div>
  )
}

interface SecretFieldProps {
  label: string
  value: string
  description: string
  error: string | undefined
  onChange: (value: string) => void
}

/** A secret is typed, never shown back: the field says whether one is stored. */
export function SecretField({ label, value, description, error, onChange }: SecretFieldProps) {
  return (
    <TextField
      label={label}
      type="password"
      autoComplete="off"
      description={description}
      value={value}
      onChange={onChange}
      validationBehavior="aria"
      validate={() => error}
    />
  )
}
