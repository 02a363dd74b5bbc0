import type { ReactNode } from 'react'

/**
 * A box that scrolls sideways when its content (a wide table) is wider than the screen. Content that only
 * scrolls must be reachable by keyboard, so the box takes focus and is named for screen readers.
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string
  className?: string
  children: ReactNode
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to scroll by keyboard
    <section className={className} aria-label={label} tabIndex={0}>
      {children}
    </section>
  )
}
