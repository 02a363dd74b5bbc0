import type { Key } from 'react'
import {
  Button,
  ComboBox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
} from 'react-aria-components'
import styles from './combo-box-field.module.css'
import { Icon } from './icon'
import menuStyles from './menu.module.css'

export type ComboBoxOption = { id: string; label: string; description?: string }

export type ComboBoxFieldProps = {
  label: string
  /** what the user typed: the caller searches with it (the options are not filtered here) */
  inputValue: string
  onInputChange: (value: string) => void
  options: readonly ComboBoxOption[]
  selectedKey: string | null
  onSelectionChange: (id: string | null) => void
  /** said in the open list when no option matches */
  emptyMessage: string
  description?: string
  errorMessage?: string
  isDisabled?: boolean
}

/**
 * A labelled text box with a list of options that the caller finds for what is typed (a server search),
 * on React Aria's ComboBox: arrow keys move through the options, Enter picks one, Escape closes the list,
 * and the choice and the number of options are announced.
 */
export function ComboBoxField({
  label,
  inputValue,
  onInputChange,
  options,
  selectedKey,
  onSelectionChange,
  emptyMessage,
  description,
  errorMessage,
  isDisabled,
}: ComboBoxFieldProps) {
  return (
    <ComboBox
      className={styles.field}
      items={options}
      inputValue={inputValue}
      onInputChange={onInputChange}
      selectedKey={selectedKey}
      onSelectionChange={(key: Key | null) => onSelectionChange(key === null ? null : String(key))}
      allowsEmptyCollection
      menuTrigger="focus"
      isInvalid={Boolean(errorMessage)}
      isDisabled={isDisabled}
      validationBehavior="aria"
    >
      <Label className={styles.label}>{label}</Label>
      <div className={styles.control}>
        <Input className={styles.input} />
        <Button className={styles.button} aria-label={`Show the options of ${label}`}>
          <Icon name="chevronDown" />
        </Button>
      </div>
      {description ? (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      ) : null}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
      <Popover className={`${menuStyles.popover} ${styles.popover}`}>
        <ListBox
          className={`${menuStyles.menu} ${styles.listBox}`}
          renderEmptyState={() => <p className={styles.empty}>{emptyMessage}</p>}
        >
          {(option: ComboBoxOption) => (
            <ListBoxItem id={option.id} className={menuStyles.item} textValue={option.label}>
              <span className={styles.option}>
                <Text slot="label">{option.label}</Text>
                {option.description ? (
                  <Text slot="description" className={styles.optionDescription}>
                    {option.description}
                  </Text>
                ) : null}
              </span>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  )
}
