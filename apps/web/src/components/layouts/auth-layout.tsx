import type { ReactNode } from 'react'
import { AppLink } from '@/components/ui/app-link'
import { Logo } from '@/components/ui/logo'
import { SmallScreenNotice } from '@/components/ui/small-screen-notice'
import { FOOTER_LINKS } from '@/config/links'
import { MESSAGES } from '@/config/messages'
import { useDocumentTitle } from '@/hooks/use-document-title'
import styles from './auth-layout.module.css'

/**
 * The frame of every signed-out page. From 800 px a left panel shows the logo and the footer links
 * below it the logo sits above the card.
 */
type AuthLayoutProps = {
  title: string
  intro?: ReactNode
  /** A notice above the card, such as the API's health problem. */
  banner?: ReactNode
  children: ReactNode
}

export function AuthLayout({ title, intro, banner, children }: AuthLayoutProps) {
  useDocumentTitle(title)
  return (
    <div className={styles.layout}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <aside className={styles.brandPanel} aria-label="About Canopy">
        <Logo tone="dark" />
        <div>
          <p className={styles.tagline}>Know how accessible, findable and fast your web sites are.</p>
          <p className={styles.taglineNote}>
            Canopy scans your sites and reports accessibility, SEO, performance and content quality, page by
            page.
          </p>
        </div>
        <nav aria-label="Legal and contact">
          <ul className={styles.footerLinks}>
            <li>
              <AppLink href={FOOTER_LINKS.termsOfUse}>{MESSAGES.login.termsOfUse}</AppLink>
            </li>
            <li>
              <AppLink href={FOOTER_LINKS.privacyPolicy}>{MESSAGES.login.privacyPolicy}</AppLink>
            </li>
            <li>
              <AppLink href={FOOTER_LINKS.contactUs}>{MESSAGES.login.contactUs}</AppLink>
            </li>
          </ul>
        </nav>
      </aside>
      <main className={styles.main} id="main" tabIndex={-1}>
        <SmallScreenNotice />
        {banner}
        <span className={styles.mobileLogo}>
          <Logo />
        </span>
        <div className={styles.card}>
          <h1>{title}</h1>
          {intro ? <p className={styles.intro}>{intro}</p> : null}
          {children}
        </div>
      </main>
    </div>
  )
}
