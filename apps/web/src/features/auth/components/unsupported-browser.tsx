import { AppLink } from '@/components/ui/app-link'
import { InlineAlert } from '@/components/ui/notice'
import { MESSAGES } from '@/config/messages'
import { SUGGESTED_BROWSERS } from '@/lib/browser-support'
import styles from './auth-forms.module.css'

/** Shown instead of the login form to browsers too old to sign in safely. */
export function UnsupportedBrowser() {
  return (
    <InlineAlert>
      <p>{MESSAGES.login.unsupportedBrowser}</p>
      <ul className={styles.browsers}>
        {SUGGESTED_BROWSERS.map((browser) => (
          <li key={browser.name}>
            <AppLink href={browser.href}>{browser.name}</AppLink>
          </li>
        ))}
      </ul>
    </InlineAlert>
  )
}
