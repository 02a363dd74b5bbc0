import { useEffect, useState } from 'react'
import { Button, Input, Label, SearchField } from 'react-aria-components'
import { Icon } from '../icon'
import styles from './list-view.module.css'

type FilterBoxProps = {
  label: string
  placeholder?: string
  /** The search term in the URL; the box follows it when the user goes back or forward. */
  value: string
  onSubmit: (term: string) => void
}

/** The filter box submits on Enter (and its clear button clears the filter). */
export function FilterBox({ label, placeholder, value, onSubmit }: FilterBoxProps) {
  const [text, setText] = useState(value)
  useEffect(() => setText(value), [value])
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for the browsers we support (Safari < 17)
    <div role="search">
      <SearchField
        value={text}
        onChange={setText}
        onSubmit={onSubmit}
        onClear={() => onSubmit('')}
        autoComplete="off"
        className={styles.filter}
      >
        <Label className={styles.filterLabel}>{label}</Label>
        <div className={styles.filterRow}>
          <div className={styles.searchField} data-empty={text === '' || undefined}>
            <Icon name="search" size={18} className={styles.searchIcon} />
            <Input className={styles.searchInput} placeholder={placeholder} />
            <Button className={styles.clear} aria-label="Clear filter">
              <Icon name="close" size={18} />
            </Button>
          </div>
        </div>
      </SearchField>
    </div>
  )
}
