import { Fragment } from 'react'
import { isWebUrl } from '../format'
import styles from './audits.module.css'

const INLINE = /\[([^\]]+)\]\(([^)\s]+)\)|`([^`]+)`/g

/**
 * Audit descriptions from Lighthouse and axe carry a little Markdown: [links](url) and `code`. Only those
 * two are read; a link becomes live only for http and https, anything else stays plain text.
 */
export function MarkdownText({ text }: { text: string }) {
  const parts: React.ReactNode[] = []
  let last = 0
  for (const match of text.matchAll(INLINE)) {
    const index = match.index ?? 0
    if (index > last) parts.push(text.slice(last, index))
    const [whole, linkText, href, code] = match
    if (code !== undefined) {
      parts.push(<code key={index}>{code}</code>)
    } else if (linkText !== undefined && href !== undefined && isWebUrl(href)) {
      parts.push(
        <a key={index} href={href} target="_blank" rel="noreferrer noopener">
          {linkText}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>,
      )
    } else {
      parts.push(<Fragment key={index}>{linkText ?? whole}</Fragment>)
    }
    last = index + whole.length
  }
  if (last < text.length) parts.push(text.slice(last))
  return <span className={styles.markdown}>{parts}</span>
}
