import { type FormEvent, useState } from 'react'
import screenStyles from '@/components/area/screen.module.css'
import { Button } from '@/components/ui/button'
import { PageHeader, PageLoader, StatusMessage } from '@/components/ui/notice'
import { TextField } from '@/components/ui/text-field'
import { MESSAGES } from '@/config/messages'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useSitemapSettings, useUpdateSitemapSettings } from '../api/site-settings'
import styles from './settings.module.css'
import { SaveButton, useSettingsSave } from './settings-save'

export const SITEMAP_TEXT = {
  intro:
    "Sitemaps submitted here are read at the start of every full scan instead of the ones robots.txt names; their pages inside the site are scanned even when no page links to them. Leave the list empty to use robots.txt's sitemaps (or /sitemap.xml).",
  none: 'No sitemaps submitted.',
  saved: 'Sitemaps saved',
  failed: 'The sitemaps could not be saved.',
  invalid: 'Enter a full web address starting with http:// or https://',
  duplicate: 'This sitemap is already in the list.',
}

function isWebAddress(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

/** The submitted sitemaps: add one by address, remove any, then save the list. */
function SitemapForm({ siteSlug, initial }: { siteSlug: string; initial: string[] }) {
  const [urls, setUrls] = useState(initial)
  const [draft, setDraft] = useState('')
  const [draftError, setDraftError] = useState<string | undefined>()
  const { errors, save, isPending } = useSettingsSave(
    useUpdateSitemapSettings(siteSlug),
    SITEMAP_TEXT,
    'sitemapUrls',
  )

  const add = () => {
    const url = draft.trim()
    if (!isWebAddress(url)) return setDraftError(SITEMAP_TEXT.invalid)
    if (urls.includes(url)) return setDraftError(SITEMAP_TEXT.duplicate)
    setDraftError(undefined)
    setUrls([...urls, url])
    setDraft('')
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    await save({ sitemapUrls: urls })
  }

  return (
    <form className={screenStyles.panel} onSubmit={submit} noValidate aria-labelledby="sitemaps-heading">
      <h2 id="sitemaps-heading">Submitted sitemaps</h2>
      <p>{SITEMAP_TEXT.intro}</p>
      {urls.length === 0 ? <p>{SITEMAP_TEXT.none}</p> : null}
      <ul className={styles.urlList} aria-label="Submitted sitemaps">
        {urls.map((url, index) => (
          <li key={url} className={styles.urlItem}>
            <span>{url}</span>
            <Button
              variant="secondary"
              size="small"
              onPress={() => setUrls(urls.filter((kept) => kept !== url))}
              aria-label={`Remove ${url}`}
            >
              Remove
            </Button>
            {errors[`sitemapUrls.${index}`] ? (
              <span role="alert">{errors[`sitemapUrls.${index}`]}</span>
            ) : null}
          </li>
        ))}
      </ul>
      {errors.sitemapUrls ? (
        <p role="alert">{errors.sitemapUrls ?? MESSAGES.siteSettings.somethingWentWrong}</p>
      ) : null}
      <TextField
        label="Sitemap URL"
        type="url"
        value={draft}
        onChange={(value) => {
          setDraft(value)
          setDraftError(undefined)
        }}
        validationBehavior="aria"
        validate={() => draftError}
      />
      <div className={styles.actions}>
        <Button variant="secondary" onPress={add}>
          Add sitemap
        </Button>
        <SaveButton isPending={isPending} />
      </div>
    </form>
  )
}

/** settings/sitemap: the sitemaps a scan reads as its seeds. */
export function SitemapSettings({ siteSlug }: { siteSlug: string }) {
  useDocumentTitle('Sitemap settings')
  const settings = useSitemapSettings(siteSlug)
  return (
    <div className={screenStyles.screen}>
      <PageHeader eyebrow="Settings" title="Sitemap" />
      {settings.isPending ? <PageLoader /> : null}
      {settings.isError ? (
        <StatusMessage title={MESSAGES.detailError.title}>{MESSAGES.detailError.body}</StatusMessage>
      ) : null}
      {settings.data ? <SitemapForm siteSlug={siteSlug} initial={settings.data.sitemapUrls} /> : null}
    </div>
  )
}
