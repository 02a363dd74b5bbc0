import { type Account, ORGANISATION_MESSAGES, type UpdateAccountRequest } from '@canopy/contracts'
import {
  findOrganisationAccount,
  listAdministeredOrganisations,
  type PrismaClient,
  updateOrganisationAccount,
} from '@canopy/db'
import { forbidden, notFound } from '../http-errors.js'
import { presentLocation } from '../presenters/organisation.js'
import { NOT_ORGANISATION_ADMIN_MESSAGE } from './site-service.js'

type AccountRow = NonNullable<Awaited<ReturnType<typeof findOrganisationAccount>>>

function presentAccount(row: AccountRow): Account {
  return {
    sys: { id: row.id },
    entryTitle: row.name,
    emailAddress: row.emailAddress,
    phoneNumber: row.phoneNumber,
    isBusinessOrOrganisation: row.isBusinessOrOrganisation,
    location: presentLocation(row.location),
  }
}

/** Only an administrator of the organisation sees or changes its account details (billing). */
async function findAdministeredAccount(prisma: PrismaClient, organisationId: string, userId: string) {
  const row = await findOrganisationAccount(prisma, { organisationId, userId })
  if (!row) throw notFound(ORGANISATION_MESSAGES.notFound)
  if (row.members.length === 0) throw forbidden(NOT_ORGANISATION_ADMIN_MESSAGE)
  return row
}

export async function getAccount(prisma: PrismaClient, organisationId: string, userId: string) {
  return presentAccount(await findAdministeredAccount(prisma, organisationId, userId))
}

export async function changeAccount(
  prisma: PrismaClient,
  organisationId: string,
  userId: string,
  body: UpdateAccountRequest,
): Promise<Account> {
  await findAdministeredAccount(prisma, organisationId, userId)
  await saveAccountDetails(prisma, organisationId, { ...body, name: body.entryTitle })
  return getAccount(prisma, organisationId, userId)
}

export async function listOrganisationsToAddSitesIn(prisma: PrismaClient, userId: string) {
  const rows = await listAdministeredOrganisations(prisma, userId)
  return rows.map((row) => ({ sys: { id: row.id, slug: row.slug }, entryTitle: row.name }))
}

/**
 * Region codes ICU names that are no separate country: withdrawn codes, groupings, exceptional reservations
 * (UK for GB, AC, CP, DG, EA, IC, TA) and the user-assigned ranges (Q*, X*) except Kosovo's XK.
 */
const NOT_COUNTRIES = new Set('AC AN BU CP CS DD DG EA EU EZ FX IC NT SU TA TP UK UN YD YU ZR ZZ'.split(' '))
const isUserAssigned = (code: string) => (code.startsWith('Q') || code.startsWith('X')) && code !== 'XK'

let countries: Record<string, string> | null = null

/**
 * Every ISO 3166 country by its en-GB name (the runtime's ICU names them): the two-letter codes it has a
 * name for, sorted by name. Built once per process.
 */
export function listCountries(): Record<string, string> {
  if (countries) return countries
  const names = new Intl.DisplayNames(['en-GB'], { type: 'region', fallback: 'none' })
  const found: [string, string][] = []
  for (let first = 65; first <= 90; first += 1) {
    for (let second = 65; second <= 90; second += 1) {
      const code = String.fromCharCode(first, second)
      if (NOT_COUNTRIES.has(code) || isUserAssigned(code)) continue
      const name = names.of(code)
      if (name && name !== code) found.push([name, code])
    }
  }
  countries = Object.fromEntries(found.sort(([a], [b]) => a.localeCompare(b, 'en-GB')))
  return countries
}

/** The account details both account forms save; optional texts left empty are stored as none. */
export function saveAccountDetails(
  prisma: PrismaClient,
  organisationId: string,
  details: Pick<
    UpdateAccountRequest,
    'emailAddress' | 'phoneNumber' | 'isBusinessOrOrganisation' | 'location'
  > & {
    name: string
  },
) {
  const { location } = details
  return updateOrganisationAccount(prisma, organisationId, {
    name: details.name,
    emailAddress: details.emailAddress || null,
    phoneNumber: details.phoneNumber || null,
    isBusinessOrOrganisation: details.isBusinessOrOrganisation,
    location: {
      ...location,
      addressLine2: location.addressLine2 || null,
      county: location.county || null,
    },
  })
}
