import type { ReactNode } from 'react'
import { Switch as AriaSwitch, type SwitchProps as AriaSwitchProps } from 'react-aria-components'
import styles from './switch.module.css'

/**
 * An on/off switch with its visible label, on React Aria (a native checkbox with role="switch" underneath:
 * Space toggles it and it is announced as on or off).
 */
export function Switch({
  children,
  ...props
}: Omit<AriaSwitchProps, 'className' | 'children'> & { children: ReactNode }) {
  return (
    <AriaSwitch {...props} className={styles.switch}>
      <span className={styles.track} aria-hidden="true">
        <span className={styles.thumb} />
      </span>
      <span className={styles.label}>{children}</span>
    </AriaSwitch>
  )
}
