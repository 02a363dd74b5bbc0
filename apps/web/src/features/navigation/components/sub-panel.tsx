import type { ReactNode } from 'react'
import { Button, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components'
import { Icon, type IconName } from '@/components/ui/icon'
import styles from './sidebar.module.css'

export type PanelPlacement = 'expanded' | 'collapsed' | 'full'

type SubPanelProps = {
  id: string
  title: string
  icon: IconName
  /** Marks the trigger when the current page belongs to this panel. */
  isCurrent?: boolean
  placement: PanelPlacement
  /** The trigger's content; by default the icon and title. */
  trigger?: ReactNode
  /** The id of the open panel: the sidebar keeps one, so opening a panel closes any other. */
  openPanel: string | null
  onOpenPanelChange: (id: string | null) => void
  children: (close: () => void) => ReactNode
}

/**
 * Spread on the element that holds the sidebar. React Aria makes everything outside an open modal
 * inert, except elements marked as top layer; the sidebar is one, so it stays visible to assistive
 * technology and clickable while a sub-panel is open, and choosing another item opens its panel at once.
 */
export const SIDEBAR_STAYS_USABLE = { 'data-react-aria-top-layer': 'true' } as const

const overlayClass: Record<PanelPlacement, string> = {
  expanded: styles.panelOverlay ?? '',
  collapsed: `${styles.panelOverlay} ${styles.panelOverlayCollapsed}`,
  full: `${styles.panelOverlay} ${styles.panelOverlayFull}`,
}

/**
 * A sidebar sub-panel opens on click beside the sidebar with an overlay over the
 * page, and closes on Escape, on a click outside it, or when another opens. React Aria's modal dialog
 * gives all of that, moves focus into the panel and back to the trigger when it closes. The sidebar
 * stays usable beside an open panel (see SIDEBAR_STAYS_USABLE), so a click on another panel's trigger
 * closes this one and opens that one.
 */
export function SubPanel({
  id,
  title,
  icon,
  isCurrent,
  placement,
  trigger,
  openPanel,
  onOpenPanelChange,
  children,
}: SubPanelProps) {
  return (
    <DialogTrigger isOpen={openPanel === id} onOpenChange={(isOpen) => onOpenPanelChange(isOpen ? id : null)}>
      <Button className={styles.item} data-current={isCurrent || undefined}>
        {trigger ?? (
          <>
            <Icon name={icon} />
            <span className={styles.itemLabel}>{title}</span>
            <Icon name="chevronRight" size={16} className={styles.itemChevron} />
          </>
        )}
      </Button>
      <ModalOverlay isDismissable className={overlayClass[placement]}>
        <Modal className={styles.panel}>
          <Dialog className={styles.panelDialog}>
            {({ close }) => (
              <>
                <div className={styles.panelHeader}>
                  <Heading slot="title">{title}</Heading>
                  <Button className={styles.panelClose} onPress={close} aria-label="Close">
                    <Icon name="close" />
                  </Button>
                </div>
                {children(close)}
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  )
}
