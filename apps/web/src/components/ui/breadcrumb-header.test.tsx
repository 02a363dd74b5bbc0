import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { findAxeViolations } from '@/testing/axe'
import { renderWithRouter } from '@/testing/render'
import { BreadcrumbHeader, shortenTitle, shortenUrl } from './breadcrumb-header'

const TITLE = 'A very long page title that goes on and on about the accessibility of the site'
const URL = 'https://demo.example/guides/install/linux/debian.html'

function renderHeader(onBack = vi.fn()) {
  renderWithRouter(
    <BreadcrumbHeader
      title={TITLE}
      url={URL}
      crumbs={[{ label: 'Dashboard', href: '/site/demo' }]}
      fallbackHref="/site/demo/accessibility/pages"
      onBack={onBack}
    />,
  )
  return onBack
}

describe('breadcrumb header', () => {
  it('cuts titles to 60 characters and URLs to their last path segments', () => {
    expect(shortenTitle('Short')).toBe('Short')
    expect(shortenTitle(TITLE)).toHaveLength(60)
    expect(shortenTitle(TITLE).endsWith('…')).toBe(true)
    expect(shortenUrl(URL, 2)).toBe('…/linux/debian.html')
    expect(shortenUrl(URL, 1)).toBe('…/debian.html')
    expect(shortenUrl('https://demo.example/a', 2)).toBe('https://demo.example/a')
  })

  it('shows the whole title and URL from 1200 px, and the short ones (with the whole for screen readers) below', async () => {
    window.innerWidth = 1280
    renderHeader()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(TITLE)
    expect(screen.getByRole('link', { name: /debian/ })).toHaveTextContent(URL)
    expect(await findAxeViolations()).toEqual([])
  })

  it('below 800 px shows one path segment, and the back button goes back with the fallback', async () => {
    window.innerWidth = 700
    const onBack = renderHeader()
    const heading = screen.getByRole('heading', { level: 1 })
    expect(heading).toHaveTextContent(shortenTitle(TITLE))
    expect(heading.querySelector('.visually-hidden')).toHaveTextContent(TITLE)
    expect(screen.getByText('…/debian.html')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Back to the previous page' }))
    expect(onBack).toHaveBeenCalledWith('/site/demo/accessibility/pages')
  })
})
