import { Link } from 'react-aria-components'
import { FactList } from '@/components/ui/fact-list'
import { PageHeader } from '@/components/ui/notice'
import { API_BASE } from '@/config/env'
import styles from './staff.module.css'

export const STAFF_TOOLS = [
  { href: '/debug/masquerade', title: 'Masquerade', about: 'Act as another user to see what they see.' },
  { href: '/debug/alerts', title: 'Dashboard alerts', about: 'Publish, edit, expire and delete alerts.' },
  {
    href: '/debug/features',
    title: 'Feature flags',
    about: 'Switch flags on or off everywhere or for the current site.',
  },
  {
    href: '/status/cms-status',
    title: 'CMS status',
    about: 'PostgreSQL, Redis, queues, workers and Chromium.',
  },
  { href: '/env', title: 'Environment', about: 'Build, API address and feature flags (not in production).' },
] as const

/** /debug (staff): the API endpoint in use, the environment, and the staff tools. */
export function DebugScreen() {
  return (
    <>
      <PageHeader title="Debug" subtitle="Staff tools" />
      <FactList
        label="Environment"
        facts={[
          { term: 'API endpoint', value: API_BASE || window.location.origin },
          { term: 'Environment', value: import.meta.env.MODE },
          { term: 'Host', value: window.location.host },
        ]}
      />
      <h2>Staff tools</h2>
      <ul className={styles.links}>
        {STAFF_TOOLS.map((tool) => (
          <li key={tool.href}>
            <Link href={tool.href}>{tool.title}</Link> <span className={styles.muted}>{tool.about}</span>
          </li>
        ))}
      </ul>
    </>
  )
}
