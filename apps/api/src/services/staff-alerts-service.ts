import { ALERT_FIELD_MESSAGES, type AlertInput, type StaffAlert } from '@canopy/contracts'
import {
  createAlert,
  deleteAlert,
  findAlertSiteBySlug,
  listAllAlerts,
  type PrismaClient,
  updateAlert,
} from '@canopy/db'
import { badRequest, notFound } from '../http-errors.js'
import { presentStaffAlert } from '../presenters/alert.js'

export const ALERT_NOT_FOUND_MESSAGE = 'No alert has that id.'

async function toRow(prisma: PrismaClient, input: AlertInput) {
  let siteId: string | null = null
  if (input.siteSlug) {
    const site = await findAlertSiteBySlug(prisma, input.siteSlug)
    if (!site) throw badRequest('siteSlug', ALERT_FIELD_MESSAGES.siteSlug)
    siteId = site.id
  }
  return {
    siteId,
    title: input.title,
    description: input.description,
    linkText: input.linkText,
    linkUrl: input.linkUrl,
    buttonText: input.buttonText,
    illustration: input.illustration,
    publishedAt: input.publishedAt ? new Date(input.publishedAt) : new Date(),
    expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
  }
}

export async function listStaffAlerts(prisma: PrismaClient): Promise<StaffAlert[]> {
  return (await listAllAlerts(prisma)).map(presentStaffAlert)
}

export async function createStaffAlert(prisma: PrismaClient, input: AlertInput): Promise<StaffAlert> {
  return presentStaffAlert(await createAlert(prisma, await toRow(prisma, input)))
}

export async function changeStaffAlert(
  prisma: PrismaClient,
  alertId: string,
  input: AlertInput,
): Promise<StaffAlert> {
  const changed = await updateAlert(prisma, alertId, await toRow(prisma, input))
  if (!changed) throw notFound(ALERT_NOT_FOUND_MESSAGE)
  return presentStaffAlert(changed)
}

/** Expiring keeps the alert (it can be published again by an edit) but stops showing it now. */
export async function expireStaffAlert(prisma: PrismaClient, alertId: string): Promise<StaffAlert> {
  const changed = await updateAlert(prisma, alertId, { expiresAt: new Date() })
  if (!changed) throw notFound(ALERT_NOT_FOUND_MESSAGE)
  return presentStaffAlert(changed)
}

export async function deleteStaffAlert(prisma: PrismaClient, alertId: string): Promise<void> {
  if (!(await deleteAlert(prisma, alertId))) throw notFound(ALERT_NOT_FOUND_MESSAGE)
}
