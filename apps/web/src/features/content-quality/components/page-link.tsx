import { Link } from 'react-router'
import styles from './content-quality.module.css'

/** A page in a list: its title linking to its detail, its URL beneath. */
export function PageLink({ title, url, href }: { title: string | null; url: string; href: string }) {
  return (
    <span className={styles.pageCell}>
      <Link to={href}>{title || url}</Link>
      {title ? <span className={styles.url}>{url}</span> : null}
    </span>
  )
}
