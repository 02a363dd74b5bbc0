import { ServerErrorView } from '@/components/errors/error-views'
import { useSession } from '../session'
import styles from './route-error.module.css'

export function Component() {
  // Signed in, the page sits in the app's layout; signed out it needs a main landmark of its own.
  const session = useSession()
  if (session === 'signed-in') return <ServerErrorView />
  return (
    <main id="main" className={styles.page}>
      <ServerErrorView />
    </main>
  )
}
