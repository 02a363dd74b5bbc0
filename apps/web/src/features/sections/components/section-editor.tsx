import { SECTION_MESSAGES, type Section, type SectionPreviewRequest } from '@canopy/contracts'
import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { LeavePrompt } from '@/components/ui/leave-prompt'
import { NoticePanel, PageHeader, PageLoader } from '@/components/ui/notice'
import { TextField } from '@/components/ui/text-field'
import { showToast } from '@/components/ui/toast'
import { TIMING } from '@/config/constants'
import { useDebouncedValue } from '@/hooks/use-debounced-value'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useLeaveGuard } from '@/hooks/use-leave-guard'
import { useRescanSection, useSaveSection, useSection, useSectionPreview } from '../api/section-settings'
import { NEW_RULE, type RuleDraft, RuleRow, ruleErrors } from './section-rules'
import styles from './sections-settings.module.css'

const PREVIEW_SHOWN = 10

type Draft = { title: string; description: string; rules: RuleDraft[] }

function draftOf(section: Section | undefined): Draft {
  if (!section) return { title: '', description: '', rules: [{ ...NEW_RULE }] }
  return {
    title: section.title,
    description: section.description ?? '',
    rules: section.conditions.map((condition) => ({ ...condition, name: condition.name ?? '' })),
  }
}

const isValidRule = (rule: RuleDraft) => !ruleErrors(rule).value && !ruleErrors(rule).name
const toConditions = (rules: RuleDraft[]) =>
  rules.map((rule) => ({ ...rule, name: rule.source === 'Metatag' ? rule.name : undefined }))

/** The live preview: the known pages the rules take in, asked for once typing pauses. */
function SectionPreview({ siteSlug, rules }: { siteSlug: string; rules: RuleDraft[] }) {
  const debounced = useDebouncedValue(rules, TIMING.searchDebounceMs)
  const request: SectionPreviewRequest | null = debounced.every(isValidRule)
    ? { conditions: toConditions(debounced), page: 1, pageSize: PREVIEW_SHOWN }
    : null
  const preview = useSectionPreview(siteSlug, request)
  return (
    <section className={styles.preview} aria-labelledby="preview-heading" aria-busy={preview.isFetching}>
      <h2 id="preview-heading">Matching pages</h2>
      {preview.data ? (
        <>
          <p role="status">{`${preview.data.totalCount} known pages match these rules.`}</p>
          <ul>
            {preview.data.items.map((page) => (
              <li key={page.sys.id}>{page.entryTitle}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>{request ? 'Looking for matching pages...' : 'Complete the rules to see the pages they match.'}</p>
      )}
    </section>
  )
}

function RulesEditor({
  draft,
  setDraft,
  showErrors,
}: {
  draft: Draft
  setDraft: (draft: Draft) => void
  showErrors: boolean
}) {
  const setRule = (index: number, rule: RuleDraft) =>
    setDraft({ ...draft, rules: draft.rules.map((current, at) => (at === index ? rule : current)) })
  return (
    <fieldset className={styles.form}>
      <legend>Rules</legend>
      <ol className={styles.rules}>
        {draft.rules.map((rule, index) => (
          <RuleRow
            // Rules have no id of their own; their position is who they are while editing.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            rule={rule}
            index={index}
            showErrors={showErrors}
            onChange={(changed) => setRule(index, changed)}
            onRemove={() => setDraft({ ...draft, rules: draft.rules.filter((_, at) => at !== index) })}
          />
        ))}
      </ol>
      <div>
        <Button
          variant="secondary"
          onPress={() => setDraft({ ...draft, rules: [...draft.rules, { ...NEW_RULE }] })}
        >
          Add rule
        </Button>
      </div>
    </fieldset>
  )
}

type EditorProps = { siteSlug: string; sectionId: string | null; section?: Section }

function SectionForm({ siteSlug, sectionId, section }: EditorProps) {
  const navigate = useNavigate()
  // What the server holds: the draft is dirty when it differs, and a save makes the saved section the baseline.
  const [baseline, setBaseline] = useState(() => draftOf(section))
  const [draft, setDraft] = useState(baseline)
  const [showErrors, setShowErrors] = useState(false)
  const save = useSaveSection(siteSlug, sectionId)
  const rescan = useRescanSection(siteSlug)
  const isDirty = JSON.stringify(draft) !== JSON.stringify(baseline)
  const { blocker, allowNextNavigation } = useLeaveGuard(isDirty && !save.isPending)
  /** Saves the draft if it is complete; the saved section, or null (errors shown, or a toast said why). */
  const saveDraft = async () => {
    setShowErrors(true)
    if (!draft.title.trim() || !draft.rules.every(isValidRule)) return null
    try {
      const saved = await save.mutateAsync({
        title: draft.title.trim(),
        description: draft.description.trim() || undefined,
        conditions: toConditions(draft.rules),
      })
      showToast(sectionId === null ? SECTION_MESSAGES.created : SECTION_MESSAGES.updated)
      setBaseline(draftOf(saved))
      setDraft(draftOf(saved))
      return saved
    } catch {
      showToast(SECTION_MESSAGES.saveFailed, 'error')
      return null
    }
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const saved = await saveDraft()
    if (saved && sectionId === null) {
      allowNextNavigation()
      navigate(`/site/${encodeURIComponent(siteSlug)}/settings/sections/${saved.sys.id}`)
    }
  }
  const onRescan = async () => {
    try {
      await rescan.mutateAsync(sectionId ?? '')
      showToast('Section is re-scanning')
    } catch (error) {
      showToast((error as Error).message, 'error')
    }
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Section">
      <TextField
        label="Name"
        value={draft.title}
        onChange={(title) => setDraft({ ...draft, title })}
        isRequired
        validationBehavior="aria"
        validate={() => (showErrors && !draft.title.trim() ? 'A title is required.' : undefined)}
      />
      <TextField
        label="Description"
        multiline
        value={draft.description}
        onChange={(description) => setDraft({ ...draft, description })}
      />
      <RulesEditor draft={draft} setDraft={setDraft} showErrors={showErrors} />
      <SectionPreview siteSlug={siteSlug} rules={draft.rules} />
      <div className={styles.actions}>
        <Button type="submit" isDisabled={!isDirty || save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
        {sectionId !== null ? (
          <Button variant="secondary" onPress={onRescan} isDisabled={rescan.isPending}>
            Rescan
          </Button>
        ) : null}
      </div>
      <LeavePrompt blocker={blocker} what="this section" onSave={async () => (await saveDraft()) !== null} />
    </form>
  )
}

/** settings/sections/:sectionId ('new' creates): a section's name, description and rules, with a live preview. */
export function SectionEditorScreen({
  siteSlug,
  sectionId,
}: {
  siteSlug: string
  sectionId: string | undefined
}) {
  const id = sectionId === 'new' ? null : (sectionId ?? null)
  const section = useSection(siteSlug, id)
  useDocumentTitle(section.data ? section.data.title : 'New section')
  if (!sectionId) {
    return <NoticePanel icon="alert" tone="danger" title={SECTION_MESSAGES.missingId} headingLevel={1} />
  }
  if (id !== null && section.isError) {
    return <NoticePanel icon="alert" tone="danger" title="Sorry, something went wrong." headingLevel={1} />
  }
  if (id !== null && !section.data) return <PageLoader />
  return (
    <div className={styles.screen}>
      <PageHeader eyebrow="Settings" title={section.data ? section.data.title : 'New section'} />
      <SectionForm key={id ?? 'new'} siteSlug={siteSlug} sectionId={id} section={section.data} />
    </div>
  )
}
