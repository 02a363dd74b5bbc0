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
  isSnapshotDocument,
  removeBlockingElement,
  toggleHiddenElements,
} from './snapshot-document'

export type HighlightRequest = { selector: string; label: string; key: number }

type PageRendererProps = {
  /** the API address of the page's stored snapshot; null when none was stored */
  snapshotUrl: string | null
  pageUrl: string
  isShown: boolean
  onShownChange: (isShown: boolean) => void
  highlight: HighlightRequest | null
}

const OUTCOME_MESSAGES: Record<Exclude<HighlightOutcome, 'found'>, string> = {
  'not-found': MESSAGES.pageRenderer.elementNotFound,
  hidden: MESSAGES.pageRenderer.elementHidden,
}

/** Where the frame is with its snapshot: loading, showing it, or holding none (an error answer). */
type LoadState = 'loading' | 'loaded' | 'failed'

/** How the frame's last load of a snapshot address ended. */
type FrameLoad = { url: string; state: Exclude<LoadState, 'loading'> }

function PageActions({
  isShown,
  isLoaded,
  onAction,
}: {
  isShown: boolean
  isLoaded: boolean
  onAction: (key: React.Key) => void
}) {
  return (
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
  )
}

/**
 * The frame loads the snapshot from the API, whose answer carries the snapshot's own sandboxed policy;
 * HTML written into the frame (srcdoc) would take the app's policy, which keeps out the scanned site's
 * styles and images. The frame stays hidden until its document has loaded.
 */
function SnapshotFrame({
  frame,
  snapshotUrl,
  pageUrl,
  loadState,
  onLoad,
}: {
  frame: React.RefObject<HTMLIFrameElement | null>
  snapshotUrl: string | null
  pageUrl: string
  loadState: LoadState
  onLoad: () => void
}) {
  if (snapshotUrl === null || loadState === 'failed') {
    return (
      <p className={styles.rendererError} role="alert">
        <Icon name="alert" />
        {MESSAGES.pageRenderer.renderFailed}
      </p>
    )
  }
  return (
    <>
      {loadState === 'loading' ? (
        <div className={styles.rendererLoading} role="status">
          Loading
        </div>
      ) : null}
      <iframe
        ref={frame}
        className={styles.frame}
        title={`Snapshot of ${pageUrl}`}
        sandbox="allow-same-origin"
        src={snapshotUrl}
        hidden={loadState === 'loading'}
        onLoad={onLoad}
      />
    </>
  )
}

/**
 * The page renderer panel of the single page scan and the page detail: the stored snapshot in a frame that
 * runs none of the page's scripts, with Page actions to hide or show it, reveal hidden elements and remove
 * a blocking overlay, and the element of a chosen audit node highlighted.
 */
export function PageRenderer({ snapshotUrl, pageUrl, isShown, onShownChange, highlight }: PageRendererProps) {
  const frame = useRef<HTMLIFrameElement>(null)
  const [frameLoad, setFrameLoad] = useState<FrameLoad | null>(null)
  const [outcome, setOutcome] = useState<HighlightOutcome | null>(null)
  const loadState: LoadState = snapshotUrl && frameLoad?.url === snapshotUrl ? frameLoad.state : 'loading'
  const isLoaded = loadState === 'loaded'

  const withDocument = useCallback((act: (doc: Document) => void) => {
    const doc = frame.current?.contentDocument
    if (doc?.body) act(doc)
  }, [])

  useEffect(() => {
    // A hidden renderer drops its frame; the next one loads afresh.
    if (!isShown) setFrameLoad(null)
  }, [isShown])

  const onFrameLoad = () => {
    if (!snapshotUrl) return
    const state = isSnapshotDocument(frame.current?.contentDocument) ? 'loaded' : 'failed'
    setFrameLoad({ url: snapshotUrl, state })
  }

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
        <PageActions isShown={isShown} isLoaded={isLoaded} onAction={onAction} />
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
          <SnapshotFrame
            frame={frame}
            snapshotUrl={snapshotUrl}
            pageUrl={pageUrl}
            loadState={loadState}
            onLoad={onFrameLoad}
          />
        </div>
      ) : null}
    </aside>
  )
}
