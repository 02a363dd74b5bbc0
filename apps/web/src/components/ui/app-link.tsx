import type { ReactNode } from 'react'
import { Link as AriaLink, type LinkProps } from 'react-aria-components'

/** Paths starting with / or # stay in the app; anything else is external. */
export function isInternalHref(href: string): boolean {
  return href.startsWith('/') || href.startsWith('#')
}

type AppLinkProps = Omit<LinkProps, 'href' | 'children' | 'target' | 'rel'> & {
  href: string
  children: ReactNode
}

/** A link following the shared rule: external ones open in a new tab and say so to screen readers. */
export function AppLink({ href, children, ...props }: AppLinkProps) {
  if (isInternalHref(href)) {
    return (
      <AriaLink href={href} {...props}>
        {children}
      </AriaLink>
    )
  }
  return (
    <AriaLink href={href} target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </AriaLink>
  )
}
