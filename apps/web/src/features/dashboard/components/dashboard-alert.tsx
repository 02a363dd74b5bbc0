import type { DashboardAlert as Alert } from '@canopy/contracts'
import { useEffect } from 'react'
import { AppLink } from '@/components/ui/app-link'
import { Button } from '@/components/ui/button'
import { Icon } from '@/components/ui/icon'
import { Illustration } from '@/components/ui/illustration'
import { useStoredValue, writeStoredValue } from '@/lib/local-store'
import { useAlerts } from '../api/get-alerts'
import styles from './dashboard.module.css'

/** A dismissed alert stays away: its dismissal is a timestamp stored under a key per alert id. */
export const alertDismissalKey = (alertId: string) => `canopy.alertDismissed.${alertId}`

/**
 * Whether an alert is dismissed: a stored dismissal counts only while it is newer than the alert's own
 * timestamp; an alert published (or republished) after the dismissal shows again.
 */
export function isAlertDismissed(alert: Alert, dismissedAt: string | null): boolean {
  if (!dismissedAt) return false
  return Date.parse(alert.timestamp) <= Date.parse(dismissedAt)
}

function dismissAlert(alert: Alert) {
  writeStoredValue(alertDismissalKey(alert.id), new Date().toISOString())
}

function AlertPanel({ alert }: { alert: Alert }) {
  const key = alertDismissalKey(alert.id)
  const dismissedAt = useStoredValue(key)
  const dismissed = isAlertDismissed(alert, dismissedAt)
  // A dismissal older than the alert is cleared, and the alert shows again.
  useEffect(() => {
    if (dismissedAt && !dismissed) writeStoredValue(key, null)
  }, [dismissedAt, dismissed, key])
  if (dismissed) return null
  return (
    <section className={styles.alert} aria-labelledby={`alert-${alert.id}`}>
      {alert.illustration ? (
        <Illustration name={alert.illustration} className={styles.alertIllustration} />
      ) : null}
      <div className={styles.alertBody}>
        <h2 id={`alert-${alert.id}`} className={styles.cardHeading}>
          {alert.title}
        </h2>
        <p>{alert.description}</p>
        <div className={styles.alertActions}>
          {alert.link ? <AppLink href={alert.link.url}>{alert.link.text}</AppLink> : null}
          {alert.button ? (
            <Button variant="secondary" size="small" onPress={() => dismissAlert(alert)}>
              {alert.button.text}
            </Button>
          ) : null}
        </div>
      </div>
      <Button
        variant="quiet"
        size="small"
        onPress={() => dismissAlert(alert)}
        aria-label={`Dismiss alert: ${alert.title}`}
      >
        <Icon name="close" />
      </Button>
    </section>
  )
}

/** The dashboard alerts (GET /api/v1/alerts) that the user has not dismissed since they were published. */
export function DashboardAlerts({ siteSlug }: { siteSlug: string }) {
  const alerts = useAlerts(siteSlug)
  if (!alerts.data || alerts.data.length === 0) return null
  return (
    <>
      {alerts.data.map((alert) => (
        <AlertPanel key={alert.id} alert={alert} />
      ))}
    </>
  )
}
