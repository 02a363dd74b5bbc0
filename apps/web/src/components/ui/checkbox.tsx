import type { ReactNode } from 'react'
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components'
import styles from './checkbox.module.css'
import { Icon } from './icon'

/** A checkbox with its visible label, on React Aria (a native input underneath, so keyboard and forms work). */
export function Checkbox({
  children,
  ...props
}: Omit<AriaCheckboxProps, 'className' | 'children'> & { children: ReactNode }) {
  return (
    <AriaCheckbox {...props} className={styles.checkbox}>
      {({ isSelected }) => (
        <>
          <span className={styles.box} aria-hidden="true">
            {isSelected ? <Icon name="check" size={16} /> : null}
          </span>
          {children}
        </>
      )}
    </AriaCheckbox>
  )
}
