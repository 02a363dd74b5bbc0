import type { ReactNode } from 'react'
import {
  Button,
  FieldError,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  Text,
} from 'react-aria-components'
import { Icon } from './icon'
import menuStyles from './menu.module.css'
import styles from './select-field.module.css'

export type SelectOption = { id: string; label: string }

/**
 * A labelled select of a form (React Aria: keyboard, type-ahead, announced value). An error from the
 * server shows under it and marks it invalid.
 */
export function SelectField({
  label,
  value,
  options,
  onChange,
  description,
  errorMessage,
  isDisabled,
}: {
  /** the visible label (text, possibly with a visually hidden part that tells rows of a table apart) */
  label: ReactNode
  value: string
  options: readonly SelectOption[]
  onChange: (value: string) => void
  description?: string
  errorMessage?: string
  isDisabled?: boolean
}) {
  return (
    <Select
      className={styles.field}
      value={value}
      onChange={(key) => onChange(String(key ?? ''))}
      isInvalid={Boolean(errorMessage)}
      isDisabled={isDisabled}
      validationBehavior="aria"
    >
      <Label className={styles.label}>{label}</Label>
      <Button className={styles.button}>
        <SelectValue />
        <Icon name="chevronDown" />
      </Button>
      {description ? (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      ) : null}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
      <Popover className={menuStyles.popover}>
        <ListBox className={`${menuStyles.menu} ${styles.listBox}`} items={options}>
          {(option) => (
            <ListBoxItem id={option.id} className={menuStyles.item} textValue={option.label}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  )
}
