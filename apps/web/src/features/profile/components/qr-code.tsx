import QRCode from 'qrcode'
import { useEffect, useState } from 'react'
import styles from './profile.module.css'

/** A QR code of `value` as an SVG image (drawn in the browser: the secret goes to no other server). */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null)
  useEffect(() => {
    let current = true
    QRCode.toString(value, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then((text) => {
      if (current) setSvg(text)
    })
    return () => {
      current = false
    }
  }, [value])
  if (!svg) return null
  return (
    <img
      className={styles.qrCode}
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={label}
      width={200}
      height={200}
    />
  )
}
