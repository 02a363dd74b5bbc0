import { Button, DialogTrigger } from 'react-aria-components'
import { Modal } from '@/components/ui/modal'
import type { FullPageScreenshot, NodeValue, Rect } from '../details'
import styles from './audits.module.css'

/** The thumbnail fits 147x100, the lightbox 768x512. */
export const THUMBNAIL_SIZE = { width: 147, height: 100 } as const
export const LIGHTBOX_SIZE = { width: 768, height: 512 } as const

type Box = { width: number; height: number }

/**
 * The part of the full-page screenshot to show for an element: the element centred in a frame of the box's
 * aspect ratio with some of its surroundings, kept inside the screenshot.
 */
export function frameElement(rect: Rect, page: Box, box: Box) {
  const aspect = box.width / box.height
  let width = Math.max(rect.width * 1.5, rect.height * 1.5 * aspect, box.width / 2)
  width = Math.min(width, page.width)
  let height = width / aspect
  if (height > page.height) {
    height = page.height
    width = height * aspect
  }
  const centreX = rect.left + rect.width / 2
  const centreY = rect.top + rect.height / 2
  const left = Math.min(Math.max(0, centreX - width / 2), Math.max(0, page.width - width))
  const top = Math.min(Math.max(0, centreY - height / 2), Math.max(0, page.height - height))
  const scale = Math.min(box.width / width, box.height / height)
  return { left, top, width, height, scale }
}

function CroppedScreenshot({
  screenshot,
  rect,
  box,
  label,
}: {
  screenshot: FullPageScreenshot['screenshot']
  rect: Rect
  box: Box
  label: string
}) {
  const frame = frameElement(rect, screenshot, box)
  const picture = (
    <span
      aria-hidden="true"
      className={styles.crop}
      style={{
        width: frame.width * frame.scale,
        height: frame.height * frame.scale,
        backgroundImage: `url(${screenshot.data})`,
        backgroundSize: `${screenshot.width * frame.scale}px ${screenshot.height * frame.scale}px`,
        backgroundPosition: `${-frame.left * frame.scale}px ${-frame.top * frame.scale}px`,
      }}
    >
      <span
        className={styles.cropMarker}
        style={{
          left: (rect.left - frame.left) * frame.scale,
          top: (rect.top - frame.top) * frame.scale,
          width: rect.width * frame.scale,
          height: rect.height * frame.scale,
        }}
      />
    </span>
  )
  // Inside the thumbnail button the button's own name says what it shows, so the picture stays silent.
  return label ? (
    <span role="img" aria-label={label}>
      {picture}
    </span>
  ) : (
    picture
  )
}

function ScreenshotImage({
  source,
  box,
  label,
}: {
  source: { url: string; width?: number; height?: number }
  box: Box
  label: string
}) {
  return (
    <img
      src={source.url}
      alt={label}
      width={source.width}
      height={source.height}
      className={styles.screenshotImage}
      // never wider than the dialog on a small screen
      style={{ maxWidth: `min(100%, ${box.width}px)`, maxHeight: box.height }}
    />
  )
}

const isUrl = (value: string) => value.startsWith('/api/') || /^(https?:\/\/|data:image\/)/.test(value)

/**
 * Where a node's picture comes from: its own element screenshot (a URL it carries, or the stored file the
 * API serves), else, for Lighthouse nodes, a cut of the LHR's full-page screenshot.
 */
export function findNodeScreenshot(
  node: NodeValue,
  fullPage: FullPageScreenshot | null | undefined,
  elementScreenshotUrl?: (screenshotPath: string) => string | undefined,
) {
  const stored = node.screenshotPath
  const own =
    node.screenshot?.url ??
    node.screenshot?.data ??
    node.screenshotUrl ??
    (stored ? (isUrl(stored) ? stored : elementScreenshotUrl?.(stored)) : undefined)
  if (own)
    return {
      kind: 'image' as const,
      url: own,
      width: node.screenshot?.width,
      height: node.screenshot?.height,
    }
  if (!fullPage) return null
  const rect = (node.lhId ? fullPage.nodes[node.lhId] : undefined) ?? node.boundingRect
  if (!rect || rect.width <= 0 || rect.height <= 0) return null
  return { kind: 'crop' as const, rect, screenshot: fullPage.screenshot }
}

/** A 147x100 element thumbnail that opens a 768x512 lightbox in a modal dialog. */
export function ElementScreenshot({
  node,
  fullPageScreenshot,
  elementScreenshotUrl,
}: {
  node: NodeValue
  fullPageScreenshot: FullPageScreenshot | null | undefined
  elementScreenshotUrl?: (screenshotPath: string) => string | undefined
}) {
  const found = findNodeScreenshot(node, fullPageScreenshot, elementScreenshotUrl)
  if (!found) return null
  // A label that is the element's own markup reads badly as a name; its selector says the same, shorter.
  const name =
    (node.nodeLabel && !node.nodeLabel.trim().startsWith('<') ? node.nodeLabel : node.selector) ||
    node.nodeLabel ||
    'element'
  const draw = (box: Box, label: string) =>
    found.kind === 'image' ? (
      <ScreenshotImage source={found} box={box} label={label} />
    ) : (
      <CroppedScreenshot screenshot={found.screenshot} rect={found.rect} box={box} label={label} />
    )
  return (
    <DialogTrigger>
      <Button className={styles.thumbnailButton} aria-label={`Enlarge screenshot of ${name}`}>
        {draw(THUMBNAIL_SIZE, '')}
      </Button>
      <Modal title={`Screenshot of ${name}`} size="wide">
        <div className={styles.lightbox}>{draw(LIGHTBOX_SIZE, `Screenshot of ${name}`)}</div>
      </Modal>
    </DialogTrigger>
  )
}
