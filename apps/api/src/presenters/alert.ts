import type { DashboardAlert } from '@canopy/contracts'
import type { Alert } from '@canopy/db'

export function presentDashboardAlert(row: Alert): DashboardAlert {
  return {
    id: row.id,
    timestamp: row.publishedAt.toISOString(),
    title: row.title,
    description: row.description,
    link: row.linkText && row.linkUrl ? { text: row.linkText, url: row.linkUrl } : null,
    button: row.buttonText ? { text: row.buttonText } : null,
    illustration: row.illustration,
  }
}
