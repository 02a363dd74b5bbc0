import type { ScanLogin, ScanLoginKind, ScanLoginTestResult } from '@canopy/contracts'
import { type FormEvent, useState } from 'react'
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components'
import screenStyles from '@/components/area/screen.module.css'
import { Button } from '@/components/ui/button'
import { PageHeader, PageLoader, StatusMessage } from '@/components/ui/notice'
import tabStyles from '@/components/ui/tabs.module.css'
import { showToast } from '@/components/ui/toast'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { isApiError } from '@/lib/api-client'
import { useRemoveScanLogin, useSaveScanLogin, useScanLogin, useTestScanLogin } from '../api/scan-login'
import { CookieFields } from './cookie-fields'
import { LoginFormFields } from './login-form-fields'
import styles from './scan-login.module.css'
import { type Draft, draftOf, requestOf } from './scan-login-state'

const TEXT = {
  title: 'Scanning behind a login',
  intro:
    'Scans sign in before they load any page, so pages only members see are audited too. Record the login form a visitor fills in, or give the cookies of a signed-in session. Passwords and cookie values are stored encrypted and never shown again.',
  loadError: 'Error loading the sign-in for scans',
  saved: 'Sign-in for scans saved',
  saveFailed: 'Failed to save the sign-in for scans',
  removed: 'Scans no longer sign in',
  testing: 'Signing in...',
}

interface EditorProps {
  siteSlug: string
  rootUri: string
  login: ScanLogin
}

/** Save, then the field errors of a 400 beside their fields; other failures as a toast. */
function useSave(siteSlug: string) {
  const save = useSaveScanLogin(siteSlug)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const submit = async (draft: Draft) => {
    setErrors({})
    try {
      await save.mutateAsync(requestOf(draft))
      showToast(TEXT.saved)
    } catch (error) {
      const fieldErrors = isApiError(error, 400) ? error.fieldErrors : {}
      setErrors(fieldErrors)
      showToast(Object.values(fieldErrors)[0] ?? TEXT.saveFailed, 'error')
    }
  }
  return { submit, errors, isPending: save.isPending }
}

/** The two ways to sign in, as tabs over one form; Save stores the selected one. */
function ScanLoginEditor({ siteSlug, rootUri, login }: EditorProps) {
  const [draft, setDraft] = useState(() => draftOf(login, rootUri))
  const save = useSave(siteSlug)
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void save.submit(draft)
  }
  return (
    <form className={screenStyles.panel} onSubmit={onSubmit} noValidate aria-labelledby="scan-login-heading">
      <h2 id="scan-login-heading">How scans sign in</h2>
      <p>{login.kind ? `Scans sign in with ${kindName(login.kind)}.` : 'Scans do not sign in.'}</p>
      <Tabs
        className={tabStyles.tabs}
        selectedKey={draft.kind}
        onSelectionChange={(key) => setDraft({ ...draft, kind: key as ScanLoginKind })}
      >
        <TabList aria-label="How scans sign in" className={tabStyles.tabList}>
          <Tab id="form" className={tabStyles.tab}>
            A login form
          </Tab>
          <Tab id="cookies" className={tabStyles.tab}>
            A cookie set
          </Tab>
        </TabList>
        <TabPanel id="form" className={tabStyles.tabPanel}>
          <LoginFormFields
            draft={draft.form}
            stored={login.form}
            errors={save.errors}
            onChange={(change) => setDraft({ ...draft, form: { ...draft.form, ...change } })}
          />
        </TabPanel>
        <TabPanel id="cookies" className={tabStyles.tabPanel}>
          <CookieFields
            cookies={draft.cookies}
            host={new URL(rootUri).hostname}
            errors={save.errors}
            onChange={(cookies) => setDraft({ ...draft, cookies })}
          />
        </TabPanel>
      </Tabs>
      <div className={styles.actions}>
        <Button type="submit" isDisabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  )
}

const kindName = (kind: ScanLoginKind) => (kind === 'form' ? 'a login form' : 'a cookie set')

/** Test sign-in (a worker signs in as a scan would) and removing the sign-in, once one is stored. */
function StoredLoginActions({ siteSlug }: { siteSlug: string }) {
  const test = useTestScanLogin(siteSlug)
  const remove = useRemoveScanLogin(siteSlug)
  const [result, setResult] = useState<ScanLoginTestResult | null>(null)
  const runTest = async () => {
    setResult(null)
    try {
      setResult(await test.mutateAsync())
    } catch (error) {
      setResult({ ok: false, message: error instanceof Error ? error.message : String(error) })
    }
  }
  const removeLogin = async () => {
    await remove.mutateAsync()
    showToast(TEXT.removed)
  }
  return (
    <section className={screenStyles.panel} aria-labelledby="scan-login-test-heading">
      <h2 id="scan-login-test-heading">Test sign-in</h2>
      <p>Signs in to the site with the saved sign-in, as a scan would, and says whether it worked.</p>
      <div className={styles.actions}>
        <Button onPress={runTest} isDisabled={test.isPending}>
          {test.isPending ? TEXT.testing : 'Test sign-in'}
        </Button>
        <Button variant="danger" onPress={removeLogin} isDisabled={remove.isPending}>
          Stop signing in
        </Button>
      </div>
      <div role="status" className={styles.result}>
        {result ? (
          <p className={result.ok ? styles.success : styles.failure}>
            <strong>{result.ok ? 'Sign-in worked. ' : 'Sign-in failed. '}</strong>
            {result.message}
          </p>
        ) : null}
      </div>
    </section>
  )
}

/** settings/scan-login (site admins): how scans sign in to reach pages behind a login. */
export function ScanLoginScreen({ siteSlug, rootUri }: { siteSlug: string; rootUri: string }) {
  useDocumentTitle(TEXT.title)
  const login = useScanLogin(siteSlug)
  return (
    <div className={screenStyles.screen}>
      <PageHeader eyebrow="Settings" title={TEXT.title} subtitle={TEXT.intro} />
      {login.isPending ? <PageLoader /> : null}
      {login.isError ? <StatusMessage title={TEXT.loadError} /> : null}
      {login.data ? (
        <>
          <ScanLoginEditor
            key={login.data.updatedAt ?? 'none'}
            siteSlug={siteSlug}
            rootUri={rootUri}
            login={login.data}
          />
          {login.data.kind ? <StoredLoginActions siteSlug={siteSlug} /> : null}
        </>
      ) : null}
    </div>
  )
}
