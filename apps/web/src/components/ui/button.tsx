import {
  Button as AriaButton,
  type ButtonProps as AriaButtonProps,
  Link as AriaLink,
  type LinkProps,
} from 'react-aria-components'
import styles from './button.module.css'

type Variant = 'primary' | 'secondary' | 'trigger' | 'quiet' | 'danger'
type Look = { variant?: Variant; size?: 'normal' | 'small'; fullWidth?: boolean }

function classNameFor(
  { variant = 'primary', size = 'normal', fullWidth = false }: Look,
  extra?: string,
): string {
  return [
    styles.button,
    styles[variant],
    size === 'small' && styles.small,
    fullWidth && styles.fullWidth,
    extra,
  ]
    .filter(Boolean)
    .join(' ')
}

export type ButtonProps = Omit<AriaButtonProps, 'className'> & Look & { className?: string }

export function Button({ variant, size, fullWidth, className, ...props }: ButtonProps) {
  return <AriaButton {...props} className={classNameFor({ variant, size, fullWidth }, className)} />
}

export type ButtonLinkProps = Omit<LinkProps, 'className'> & Look & { className?: string }

/** A link that looks like a button: it navigates, so it stays a link for assistive technology. */
export function ButtonLink({ variant, size, fullWidth, className, ...props }: ButtonLinkProps) {
  return <AriaLink {...props} className={classNameFor({ variant, size, fullWidth }, className)} />
}
