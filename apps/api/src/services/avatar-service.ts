import { createHash } from 'node:crypto'
import { AVATAR_COLOURS, AVATAR_FALLBACK_ID, AVATAR_MAX_SIZE_PX } from '@canopy/contracts'
import {
  deleteUserAvatar,
  findUserAvatar,
  findUserById,
  type PrismaClient,
  upsertUserAvatar,
  usersShareASite,
} from '@canopy/db'
import sharp from 'sharp'
import { badRequest, notFound } from '../http-errors.js'

export const USER_NOT_FOUND_MESSAGE = 'No user could be found with this id.'
export const AVATAR_TYPE_MESSAGE = 'The photo must be a JPEG, PNG, WebP, GIF or AVIF image.'
export const AVATAR_EMPTY_MESSAGE = 'Choose a photo to upload.'

/** Decoded formats a photo may be in (checked from its content, not from its name or Content-Type). */
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif'])
/** A photo bigger than this many pixels is refused before it is decoded (a small file can expand hugely). */
const MAX_INPUT_PIXELS = 50_000_000

/** One of the twelve colours, picked by the first 4 bytes of the user id's sha256: stable per user. */
export function avatarColourFor(userId: string) {
  const index = createHash('sha256').update(userId).digest().readUInt32BE(0) % AVATAR_COLOURS.length
  return AVATAR_COLOURS[index] ?? AVATAR_COLOURS[0]
}

/** First letters of the first and last name, upper-cased ("Ada Lovelace" -> "AL"). */
export function initialsOf(user: { firstName: string; lastName: string }): string {
  const first = (name: string) => [...name.trim()][0] ?? ''
  return `${first(user.firstName)}${first(user.lastName)}`.toLocaleUpperCase()
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** A head-and-shoulders figure, drawn instead of initials (initials=false, or the unknown user). */
const FIGURE =
  '<circle cx="50" cy="38" r="17" fill="#fff"/><path d="M18 86c3-17 16-26 32-26s29 9 32 26z" fill="#fff"/>'

function initialsSvg(colour: string, initials: string | null): string {
  const content = initials
    ? `<text x="50" y="50" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="40" font-weight="600" fill="#fff">${escapeXml(initials)}</text>`
    : FIGURE
  return `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100"><rect width="100" height="100" fill="${colour}"/>${content}</svg>`
}

export interface AvatarImage {
  png: Buffer
  /** changes whenever the image would: the user's photo, name, the size or the initials choice */
  etag: string
}

function etagOf(...parts: (string | number)[]): string {
  return `"${createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 27)}"`
}

async function renderInitials(userId: string, initials: string | null, size: number) {
  const svg = initialsSvg(avatarColourFor(userId).hex, initials)
  return sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 100) })
    .resize(size, size)
    .png()
    .toBuffer()
}

/**
 * The avatar of `userId` as `viewerId` may see it: the user's photo at `size` when they uploaded one,
 * else their initials (or, with initials=false, a figure) on their colour. Visible to the user and to
 * whoever shares a site with them; anyone else gets the same 404 as for an unknown user. The fallback id
 * N/A (no user known) is a grey figure.
 */
export async function renderAvatar(
  prisma: PrismaClient,
  viewerId: string,
  { userId, size, initials }: { userId: string; size: number; initials: boolean },
): Promise<AvatarImage> {
  if (userId === AVATAR_FALLBACK_ID) {
    return { png: await renderInitials(userId, null, size), etag: etagOf(userId, size) }
  }
  const user = await findUserById(prisma, userId)
  if (!user || !(await usersShareASite(prisma, viewerId, userId))) throw notFound(USER_NOT_FOUND_MESSAGE)
  const photo = await findUserAvatar(prisma, userId)
  if (photo) {
    const png = await sharp(photo.image).resize(size, size).png().toBuffer()
    return { png, etag: etagOf(userId, 'photo', photo.updatedAt.toISOString(), size) }
  }
  const text = initials ? initialsOf(user) || null : null
  return { png: await renderInitials(userId, text, size), etag: etagOf(userId, text ?? '-', size) }
}

/**
 * Keeps an uploaded photo: its type is told from its content, it is cropped to a square around its centre
 * and scaled to the largest avatar size, and stored re-encoded (nothing of the upload's metadata is kept).
 */
export async function saveAvatarPhoto(prisma: PrismaClient, userId: string, upload: unknown) {
  // A JSON or form body arrives parsed, not as the image's bytes: it is no photo either.
  if (!Buffer.isBuffer(upload) || upload.length === 0) throw badRequest('avatar', AVATAR_EMPTY_MESSAGE)
  const image = sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
  const metadata = await image.metadata().catch(() => null)
  if (!metadata?.format || !PHOTO_FORMATS.has(metadata.format))
    throw badRequest('avatar', AVATAR_TYPE_MESSAGE)
  const stored = await image
    .rotate()
    .resize(AVATAR_MAX_SIZE_PX, AVATAR_MAX_SIZE_PX, { fit: 'cover', withoutEnlargement: false })
    .webp({ quality: 88 })
    .toBuffer()
    .catch(() => {
      throw badRequest('avatar', AVATAR_TYPE_MESSAGE)
    })
  await upsertUserAvatar(prisma, userId, new Uint8Array(stored))
}

export function removeAvatarPhoto(prisma: PrismaClient, userId: string) {
  return deleteUserAvatar(prisma, userId)
}
