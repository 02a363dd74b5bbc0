import type { User } from '@canopy/contracts'
import { Button } from '@/components/ui/button'
import { useStopMasquerade } from '../api/masquerade'
import styles from './staff.module.css'

export const MASQUERADE_BANNER = {
  viewingAs: (name: string, email: string) => `You are viewing as ${name} (${email}).`,
  signedInAs: (name: string) => `Signed in as ${name}.`,
  stop: 'Stop masquerading',
} as const

/** On every signed-in screen while a staff member acts as another user: who, and the way back. */
export function MasqueradeBanner({ user }: { user: User }) {
  const stop = useStopMasquerade()
  if (!user.masqueradedBy) return null
  const staff = user.masqueradedBy
  return (
    <section className={styles.banner} aria-label="Masquerade">
      <p>
        <strong>
          {MASQUERADE_BANNER.viewingAs(`${user.firstName} ${user.lastName}`.trim(), user.email)}
        </strong>{' '}
        {MASQUERADE_BANNER.signedInAs(`${staff.firstName} ${staff.lastName}`.trim())}
      </p>
      <Button variant="secondary" onPress={() => stop.mutate('')} isDisabled={stop.isPending}>
        {MASQUERADE_BANNER.stop}
      </Button>
      {stop.isError ? <p role="alert">{stop.error.message}</p> : null}
    </section>
  )
}
