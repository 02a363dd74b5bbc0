import { PASSWORD_RULE_DESCRIPTION } from '@canopy/contracts'
import { InlineAlert } from '@/components/ui/notice'
import { TextField, type TextFieldProps } from '@/components/ui/text-field'
import { MESSAGES } from '@/config/messages'
import styles from './auth-forms.module.css'

/** The error of a whole auth form, above its fields; nothing without a message. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null
  return (
    <div className={styles.alert}>
      <InlineAlert>
        <p>{message}</p>
      </InlineAlert>
    </div>
  )
}

type FieldProps = Omit<TextFieldProps, 'label' | 'name' | 'type' | 'isRequired'>

/** The required e-mail field of the auth forms (sign-in, registration, password reset). */
export function EmailField({ autoComplete = 'email', ...props }: FieldProps) {
  return (
    <TextField
      label={MESSAGES.registration.email}
      name="email"
      type="email"
      autoComplete={autoComplete}
      isRequired
      {...props}
    />
  )
}

/** The new-password field of registration and password reset, with the password rule under it. */
export function NewPasswordField(props: FieldProps) {
  return (
    <TextField
      label={MESSAGES.registration.password}
      name="password"
      type="password"
      autoComplete="new-password"
      isRequired
      description={PASSWORD_RULE_DESCRIPTION}
      {...props}
    />
  )
}
