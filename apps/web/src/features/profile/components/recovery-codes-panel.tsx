import { useState } from 'react'
import { Button, ButtonLink } from '@/components/ui/button'
import styles from './profile.module.css'

export const RECOVERY_TEXT = {
  heading: 'Save your recovery codes',
  intro:
    'Each code signs you in once if you lose your phone. Keep them somewhere safe: they are shown only now.',
  copy: 'Copy codes',
  copied: 'Copied',
  download: 'Download codes',
  done: 'I have saved them',
  listLabel: 'Recovery codes',
} as const

/** The recovery codes, shown once: copy them, download them as a text file, then close. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false)
  const text = `${codes.join('\n')}\n`
  const copy = () => {
    void navigator.clipboard?.writeText(text).then(() => setCopied(true))
  }
  return (
    <section className={styles.recovery} aria-labelledby="recovery-heading">
      <h3 id="recovery-heading">{RECOVERY_TEXT.heading}</h3>
      <p>{RECOVERY_TEXT.intro}</p>
      <ul className={styles.codes} aria-label={RECOVERY_TEXT.listLabel}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <Button variant="secondary" onPress={copy}>
          {copied ? RECOVERY_TEXT.copied : RECOVERY_TEXT.copy}
        </Button>
        <ButtonLink
          variant="secondary"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="canopy-recovery-codes.txt"
        >
          {RECOVERY_TEXT.download}
        </ButtonLink>
        <Button onPress={onDone}>{RECOVERY_TEXT.done}</Button>
      </div>
      <p className="visually-hidden" role="status">
        {copied ? RECOVERY_TEXT.copied : ''}
      </p>
    </section>
  )
}
