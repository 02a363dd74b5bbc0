import { Link } from 'react-aria-components'
import { useLocation } from 'react-router'
import styles from './sidebar.module.css'

export type PanelLinkItem = { title: string; link: string }

/** The links of a sub-panel; choosing one navigates and closes the panel. */
export function PanelLinks({
  links,
  label,
  onNavigate,
}: {
  links: PanelLinkItem[]
  label: string
  onNavigate: () => void
}) {
  const { pathname } = useLocation()
  return (
    <nav aria-label={label}>
      <ul className={styles.panelLinks}>
        {links.map((link) => (
          <li key={link.link}>
            <Link
              href={link.link}
              className={styles.panelLink}
              aria-current={pathname === link.link ? 'page' : undefined}
              onPress={onNavigate}
            >
              {link.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
