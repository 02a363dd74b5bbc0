import { MESSAGES } from '@/config/messages'
import styles from './audits.module.css'

/** A type the renderer does not know is named, and its raw JSON shown as it is. */
export function UnknownDetails({ details }: { details: unknown }) {
  const type =
    typeof details === 'object' && details !== null && 'type' in details ? String(details.type) : ''
  return (
    <div className={styles.unknown}>
      <p>
        {MESSAGES.audits.unknownDetailType} {type}
      </p>
      <pre className={styles.rawJson}>
        <code>{JSON.stringify(details, null, 2)}</code>
      </pre>
    </div>
  )
}
