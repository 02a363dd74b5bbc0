import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components'
import { Icon } from '../icon'
import menuStyles from '../menu.module.css'
import styles from './list-view.module.css'

export type FilterOption = { id: string; label: string }

/** One filter of a list (status, level…) as a labelled select; choosing an option filters at once. */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: string
  options: readonly FilterOption[]
  onChange: (value: string) => void
}) {
  return (
    <Select className={styles.filterSelect} value={value} onChange={(key) => onChange(String(key ?? ''))}>
      <Label>{label}</Label>
      <Button className={styles.selectButton}>
        <SelectValue />
        <Icon name="chevronDown" />
      </Button>
      <Popover className={menuStyles.popover}>
        <ListBox className={menuStyles.menu} items={options}>
          {(option) => (
            <ListBoxItem id={option.id} className={menuStyles.item}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  )
}
