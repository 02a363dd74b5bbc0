import { type ReactNode, type Ref, useState } from 'react'
import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  FieldError,
  Input,
  Label,
  Text,
  TextArea,
} from 'react-aria-components'
import { MESSAGES } from '@/config/messages'
import styles from './text-field.module.css'

export type TextFieldProps = Omit<AriaTextFieldProps, 'className' | 'children'> & {
  label: string
  description?: ReactNode
  placeholder?: string
  /** With a maximum, a counter 'n/max characters' shows and going over marks the field invalid. */
  maxCharacters?: number
  /** The message shown when the text is longer than maxCharacters. */
  tooLongMessage?: string
  multiline?: boolean
  inputRef?: Ref<HTMLInputElement>
}

/**
 * A text input: may be required (asterisk) and may have a maximum length. The limit is
 * not enforced by the input itself, so a pasted text stays visible and the user sees how far over it is.
 */
export function TextField({
  label,
  description,
  placeholder,
  maxCharacters,
  tooLongMessage,
  multiline = false,
  inputRef,
  validate,
  onChange,
  ...props
}: TextFieldProps) {
  const [uncontrolledValue, setUncontrolledValue] = useState(props.defaultValue ?? '')
  const length = (props.value ?? uncontrolledValue).length
  const isOver = maxCharacters !== undefined && length > maxCharacters
  const validateWithLimit = (value: string) => {
    if (maxCharacters !== undefined && value.length > maxCharacters) {
      return tooLongMessage ?? MESSAGES.textInput.counter(value.length, maxCharacters)
    }
    return validate?.(value)
  }
  const handleChange = (value: string) => {
    setUncontrolledValue(value)
    onChange?.(value)
  }
  const hasDescription = description !== undefined || maxCharacters !== undefined
  return (
    <AriaTextField {...props} onChange={handleChange} validate={validateWithLimit} className={styles.field}>
      <Label className={styles.label}>
        {label}
        {props.isRequired ? (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        ) : null}
      </Label>
      {multiline ? (
        <TextArea className={`${styles.input} ${styles.textarea}`} placeholder={placeholder} />
      ) : (
        <Input className={styles.input} placeholder={placeholder} ref={inputRef} />
      )}
      {hasDescription ? (
        <Text slot="description" className={styles.description}>
          {description}
          {maxCharacters !== undefined ? (
            <span className={`${styles.counter} ${isOver ? styles.counterOver : ''}`}>
              {description ? ' ' : null}
              {MESSAGES.textInput.counter(length, maxCharacters)}
            </span>
          ) : null}
        </Text>
      ) : null}
      <FieldError className={styles.error} />
    </AriaTextField>
  )
}
