import {
  Button,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components'
import { Icon } from './icon'
import styles from './toast.module.css'

export type ToastMessage = { title: string; tone: 'success' | 'error' }

/** One queue for the whole app, so a toast raised just before a navigation is still shown after it. */
export const toastQueue = new ToastQueue<ToastMessage>()

export function showToast(title: string, tone: ToastMessage['tone'] = 'success'): void {
  toastQueue.add({ title, tone }, { timeout: 6000 })
}

export function AppToastRegion() {
  return (
    <ToastRegion queue={toastQueue} className={styles.region}>
      {({ toast }) => (
        <Toast
          toast={toast}
          className={`${styles.toast} ${toast.content.tone === 'error' ? styles.error : ''}`}
        >
          <ToastContent className={styles.content}>
            <Text slot="title">{toast.content.title}</Text>
          </ToastContent>
          <Button slot="close" className={styles.close} aria-label="Close">
            <Icon name="close" size={18} />
          </Button>
        </Toast>
      )}
    </ToastRegion>
  )
}
