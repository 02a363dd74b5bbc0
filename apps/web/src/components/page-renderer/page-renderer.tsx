import { useCallback, useEffect, useRef, useState } from 'react'
import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components'
import { Button } from '@/components/ui/button'
import { Icon } from '@/components/ui/icon'
import menuStyles from '@/components/ui/menu.module.css'
import { MESSAGES } from '@/config/messages'
import styles from './page-renderer.module.css'
import {
  type HighlightOutcome,
  highlightElement,
  prepareSnapshotHtml,
  removeBlockingElement,
  toggleHiddenElements,
} from './snapshot-document'

export type HighlightRequest = { selector: string; label: string; key: number }

/** The stored HTML of the page, as a query gives it: undefined while it loads. */
export type SnapshotState = { data: string | undefined; isError: boolean }

type PageRendererProps = {
  snapshot: SnapshotState
  pageUrl: string
  isShown: boolean
  onShownChange: (isShown: boolean) => void
  highlight: HighlightRequest | null
}

const OUTCOME_MESSAGES: Record<Exclude<HighlightOutcome, 'found'>, string> = {
  'not-found': MESSAGES.pageRenderer.elementNotFound,
  hidden: MESSAGES.pageRenderer.elementHidden,
}

/**
 * The page renderer panel of the single page scan and the page detail: the stored snapshot in a frame that
 * runs none of the page's scripts, with Page actions to hide or show it, reveal hidden elements and remove
 * a blocking overlay, and the element of a chosen audit node highlighted.
 */
export function PageRenderer({ snapshot, pageUrl, isShown, onShownChange, highlight }: PageRendererProps) {
  const frame = useRef<HTMLIFrameElement>(null)
  const [isLoaded, setLoaded] = useState(false)
  const [outcome, setOutcome] = useState<HighlightOutcome | null>(null)

  const withDocument = useCallback((act: (doc: Document) => void) => {
    const doc = frame.current?.contentDocument
    if (doc?.body) act(doc)
  }, [])

  useEffect(() => {
    // A hidden renderer drops its frame; the next one loads afresh.
    if (!isShown) setLoaded(false)
  }, [isShown])

  useEffect(() => {
    if (!highlight || !isLoaded) return
    withDocument((doc) => setOutcome(highlightElement(doc, highlight.selector)))
  }, [highlight, isLoaded, withDocument])

  const onAction = (key: React.Key) => {
    if (key === 'visibility') onShownChange(!isShown)
    if (key === 'hidden') withDocument((doc) => toggleHiddenElements(doc))
    if (key === 'blocking') withDocument((doc) => removeBlockingElement(doc))
  }

  return (
    <aside
      className={`${styles.renderer} ${isShown ? '' : styles.rendererHidden}`}
      aria-label="Page renderer"
    >
      <div className={styles.rendererBar}>
        <MenuTrigger>
          <Button variant="trigger">
            {MESSAGES.pageRenderer.pageActions}
            <Icon name="chevronDown" />
          </Button>
          <Popover placement="bottom end" className={menuStyles.popover}>
            <Menu
              className={menuStyles.menu}
              onAction={onAction}
              disabledKeys={isShown && isLoaded ? [] : ['hidden', 'blocking']}
            >
              <MenuItem id="visibility" className={menuStyles.item}>
                {isShown ? MESSAGES.pageRenderer.hide : MESSAGES.pageRenderer.show}
              </MenuItem>
              <MenuItem id="hidden" className={menuStyles.item}>
                {MESSAGES.pageRenderer.toggleHidden}
              </MenuItem>
              <MenuItem id="blocking" className={menuStyles.item}>
                {MESSAGES.pageRenderer.removeBlocking}
              </MenuItem>
            </Menu>
          </Popover>
        </MenuTrigger>
      </div>
      {isShown ? (
        <div className={styles.rendererBody}>
          <div role="status">
            {highlight && outcome && outcome !== 'found' ? (
              <p className={outcome === 'not-found' ? styles.rendererError : styles.rendererWarning}>
                <Icon name="alert" />
                {OUTCOME_MESSAGES[outcome]}
              </p>
            ) : null}
          </div>
          {snapshot.isError ? (
            <p className={styles.rendererError} role="alert">
              <Icon name="alert" />
              {MESSAGES.pageRenderer.renderFailed}
            </p>
          ) : snapshot.data === undefined ? (
            <div className={styles.rendererLoading} role="status">
              Loading
            </div>
          ) : (
            <iframe
              ref={frame}
              className={styles.frame}
              title={`Snapshot of ${pageUrl}`}
              sandbox="allow-same-origin"
              srcDoc={prepareSnapshotHtml(snapshot.data, pageUrl)}
              onLoad={() => setLoaded(true)}
            />
          )}
        </div>
      ) : null}
    </aside>
  )
}
