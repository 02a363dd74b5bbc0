import type { ReactNode } from 'react'
import { Switch as AriaSwitch, type SwitchProps as AriaSwitchProps } from 'react-aria-components'
import styles from './switch.module.css'

/**
 * An on/off switch with its visible label (and an optional description under it), on React Aria: a native
 * checkbox with the switch role underneath, so keyboard, forms and a disabled state work.
 */
export function Switch({
  children,
  description,
  ...props
}: Omit<AriaSwitchProps, 'className' | 'children'> & { children: ReactNode; description?: ReactNode }) {
  return (
    <div className={styles.field}>
      <AriaSwitch {...props} className={styles.switch}>
        <span className={styles.track} aria-hidden="true">
          <span className={styles.thumb} />
        </span>
        {children}
      </AriaSwitch>
      {description ? <p className={styles.description}>{description}</p> : null}
    </div>
  )
}
