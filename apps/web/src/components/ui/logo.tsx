/** The Canopy mark and word. The word is real text, so the logo reads as "Canopy" to everyone. */
export function Logo({ tone = 'light', showWord = true }: { tone?: 'light' | 'dark'; showWord?: boolean }) {
  const leaf = tone === 'dark' ? '#7fd4a8' : '#1d6645'
  const word = tone === 'dark' ? '#ffffff' : '#12372a'
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: '0.8rem', color: word }}>
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <path
          d="M16 3c-5.8 0-10.5 4.2-10.5 9.6 0 3 1.5 5.6 3.9 7.3H14V29h4v-9.1h4.6c2.4-1.7 3.9-4.3 3.9-7.3C26.5 7.2 21.8 3 16 3z"
          fill={leaf}
        />
      </svg>
      {showWord ? (
        <span style={{ fontSize: '2.2rem', fontWeight: 700, letterSpacing: '0.02em' }}>Canopy</span>
      ) : (
        <span className="visually-hidden">Canopy</span>
      )}
    </span>
  )
}
