import { type ReactNode, useId } from 'react'
import { Switch as AriaSwitch, type SwitchProps as AriaSwitchProps } from 'react-aria-components'
import styles from './switch.module.css'

/**
 * An on/off switch with its visible label (and an optional description under it, read with it), on React
 * Aria: a native checkbox with the switch role underneath, so Space toggles it, it is announced as on or
 * off, and forms and a disabled state work.
 */
export function Switch({
  children,
  description,
  ...props
}: Omit<AriaSwitchProps, 'className' | 'children'> & { children: ReactNode; description?: ReactNode }) {
  const descriptionId = useId()
  return (
    <div className={styles.field}>
      <AriaSwitch
        {...props}
        className={styles.switch}
        {...(description ? { 'aria-describedby': descriptionId } : {})}
      >
        <span className={styles.track} aria-hidden="true">
          <span className={styles.thumb} />
        </span>
        {children}
      </AriaSwitch>
      {description ? (
        <p id={descriptionId} className={styles.description}>
          {description}
        </p>
      ) : null}
    </div>
  )
}
