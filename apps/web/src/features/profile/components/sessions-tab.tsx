import { Button } from '@/components/ui/button'
import { showToast } from '@/components/ui/toast'
import { errorMessageOf, useEndSessions, useSessions } from '../api/profile-api'
import styles from './profile.module.css'

const formatDate = (iso: string) => new Date(iso).toLocaleString()

/** Where the user is signed in; any other session can be signed out, one or all. */
export function SessionsTab() {
  const sessions = useSessions()
  const end = useEndSessions()
  const list = sessions.data?.sessions ?? []
  const others = list.filter((session) => !session.current)
  if (sessions.isPending) return <p>Loading sessions…</p>
  return (
    <div className={styles.panel}>
      <ul className={styles.list} aria-label="Sessions">
        {list.map((session) => (
          <li key={session.id} className={styles.item}>
            <span>
              <strong>{session.device}</strong>
              {session.current ? ' (this session)' : null}
              <br />
              <span className={styles.muted}>
                IP {session.ip ?? 'unknown'} · signed in {formatDate(session.createdAt)} · last seen{' '}
                {formatDate(session.lastSeenAt)}
              </span>
            </span>
            {session.current ? null : (
              <Button
                variant="secondary"
                size="small"
                isDisabled={end.isPending}
                onPress={() => end.mutate(session.id, { onSuccess: () => showToast('Session signed out') })}
              >
                Sign out<span className="visually-hidden"> {session.device}</span>
              </Button>
            )}
          </li>
        ))}
      </ul>
      <p className={styles.error} role="alert">
        {errorMessageOf(end.error)}
      </p>
      <Button
        variant="danger"
        isDisabled={others.length === 0 || end.isPending}
        onPress={() => end.mutate(null, { onSuccess: () => showToast('Signed out everywhere else') })}
      >
        Sign out everywhere else
      </Button>
    </div>
  )
}
