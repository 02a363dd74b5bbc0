import type { ReactNode } from 'react'
import { Modal as AriaModal, Button, Dialog, Heading, ModalOverlay } from 'react-aria-components'
import { Icon } from './icon'
import styles from './modal.module.css'

export type ModalProps = {
  title: string
  isOpen?: boolean
  onOpenChange?: (isOpen: boolean) => void
  /**
   * How the modal closes: 'standard' closes by its button, the overlay or Escape; 'unclosable'
   * has none of these (for work that must not be interrupted).
   */
  type?: 'standard' | 'unclosable'
  /** 'wide' fits content 768 px wide (the element screenshot lightbox) */
  size?: 'standard' | 'wide'
  children: ReactNode | ((close: () => void) => ReactNode)
}

/**
 * The one modal dialog of the app, on React Aria: focus moves in, stays in, and returns to the
 * control that opened it. Use it inside a DialogTrigger, or control it with isOpen/onOpenChange.
 */
export function Modal({
  title,
  isOpen,
  onOpenChange,
  type = 'standard',
  size = 'standard',
  children,
}: ModalProps) {
  const closable = type === 'standard'
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={closable}
      isKeyboardDismissDisabled={!closable}
      className={styles.overlay}
    >
      <AriaModal className={`${styles.modal} ${size === 'wide' ? styles.wide : ''}`}>
        <Dialog className={styles.dialog}>
          {({ close }) => (
            <>
              <div className={styles.header}>
                <Heading slot="title" className={styles.heading}>
                  {title}
                </Heading>
                {closable ? (
                  <Button className={styles.close} onPress={close} aria-label="Close">
                    <Icon name="close" />
                  </Button>
                ) : null}
              </div>
              {typeof children === 'function' ? children(close) : children}
            </>
          )}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  )
}

/** A modal's content under its heading, spaced evenly. */
export function ModalBody({ children }: { children: ReactNode }) {
  return <div className={styles.body}>{children}</div>
}

/** A modal's answers (Cancel, then the action), wrapping on a narrow screen. */
export function ModalActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>
}
