import { useState } from 'react'
import styles from './illustration.module.css'

/** The two widths the API renders illustrations at (small and large). */
const WIDTHS = { small: 240, large: 480 } as const

/**
 * One of our illustrations from GET /illustrations/:name/:size/:file: AVIF, then WebP, then PNG, each at 1x
 * and 2x. Illustrations are decorative (alt ""); an unknown name shows nothing rather than a broken image.
 */
export function Illustration({
  name,
  size = 'small',
  className,
}: {
  name: string
  size?: keyof typeof WIDTHS
  className?: string
}) {
  const [failed, setFailed] = useState(false)
  if (failed) return null
  const width = WIDTHS[size]
  const base = `/illustrations/${encodeURIComponent(name)}/${width}/${encodeURIComponent(name)}`
  const set = (format: string) => `${base}.${format} 1x, ${base}@2x.${format} 2x`
  return (
    <picture className={`${styles.illustration} ${className ?? ''}`}>
      <source type="image/avif" srcSet={set('avif')} />
      <source type="image/webp" srcSet={set('webp')} />
      <img src={`${base}.png`} srcSet={set('png')} alt="" width={width} onError={() => setFailed(true)} />
    </picture>
  )
}
