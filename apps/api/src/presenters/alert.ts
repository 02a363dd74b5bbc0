import type { DashboardAlert, StaffAlert } from '@canopy/contracts'
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

export function presentStaffAlert(
  row: Alert & { site: { slug: string; siteName: string } | null },
): StaffAlert {
  return {
    id: row.id,
    site: row.site ? { slug: row.site.slug, siteName: row.site.siteName } : null,
    title: row.title,
    description: row.description,
    linkText: row.linkText,
    linkUrl: row.linkUrl,
    buttonText: row.buttonText,
    illustration: row.illustration,
    publishedAt: row.publishedAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
  }
}
