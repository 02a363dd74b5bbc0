import type { Section } from '@canopy/contracts'
import { useEffect, useId } from 'react'
import {
  Button,
  Dialog,
  DialogTrigger,
  ListBox,
  ListBoxItem,
  Popover,
  type Selection,
} from 'react-aria-components'
import { ButtonLink } from '@/components/ui/button'
import { Icon } from '@/components/ui/icon'
import { ScoreBadge } from '@/components/ui/score-card'
import { PAGING } from '@/config/constants'
import { MESSAGES } from '@/config/messages'
import { plural } from '@/lib/format-values'
import { readStoredValue, STORAGE_KEYS, useStoredValue, writeStoredValue } from '@/lib/local-store'
import { sitePath } from '@/lib/site-paths'
import { useSections } from '../api/get-sections'
import styles from './section-switcher.module.css'

const ALL_SECTIONS_KEY = '__all__'
function describePages(count: number): string {
  return plural(count, 'page', 'pages')
}

/** The switcher's page is stored per active site and starts again when the section changes. */
function useStoredPage(siteSlug: string): [number, (page: number) => void] {
  const key = STORAGE_KEYS.sectionSwitcherPage(siteSlug)
  const stored = Number.parseInt(useStoredValue(key) ?? '', 10)
  const page = Number.isFinite(stored) && stored >= 1 ? stored : 1
  return [page, (next: number) => writeStoredValue(key, next <= 1 ? null : String(next))]
}

export function resetSectionSwitcherPage(siteSlug: string): void {
  if (readStoredValue(STORAGE_KEYS.sectionSwitcherPage(siteSlug)) !== null) {
    writeStoredValue(STORAGE_KEYS.sectionSwitcherPage(siteSlug), null)
  }
}

/** The sections list may lead with its own 'all sections' entry; the switcher always draws its own. */
function isAllSectionsEntry(section: Section): boolean {
  return !section.sys.slug || section.sys.id === 'all' || section.sys.slug === 'all'
}

type SectionSwitcherProps = {
  siteSlug: string
  activeSectionSlug: string | null
  canManageSections: boolean
  onSelect: (sectionSlug: string | null) => void
}

/** The switcher's page of sections (back to the first when the stored page no longer exists). */
function useSwitcherSections(siteSlug: string) {
  const [page, setPage] = useStoredPage(siteSlug)
  const sections = useSections(siteSlug, { page, pageSize: PAGING.sectionSwitcherPerPage })
  useEffect(() => {
    if (sections.data && page > Math.max(1, sections.data.pageCount)) setPage(1)
  }, [sections.data, page, setPage])
  return {
    page,
    setPage,
    pageCount: sections.data?.pageCount ?? 1,
    items: (sections.data?.items ?? []).filter((section) => !isAllSectionsEntry(section)),
    isError: sections.isError,
  }
}

/** 'All sections', then the sections of the switcher's page. */
function SectionOptions({
  items,
  selectedKey,
  onChoose,
}: {
  items: Section[]
  selectedKey: string
  onChoose: (selection: Selection) => void
}) {
  return (
    <ListBox
      aria-label="Sections"
      className={styles.listbox}
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[selectedKey]}
      onSelectionChange={onChoose}
      autoFocus="first"
    >
      <ListBoxItem id={ALL_SECTIONS_KEY} textValue={MESSAGES.sections.all} className={styles.option}>
        <span className={styles.optionLabel}>{MESSAGES.sections.all}</span>
      </ListBoxItem>
      {/* Each option is named by all of its visible text (WCAG 2.5.3), so no label slot. */}
      {items.map((section) => (
        <ListBoxItem
          key={section.sys.id}
          id={section.sys.slug ?? section.sys.id}
          textValue={section.title}
          className={styles.option}
        >
          <span className={styles.optionLabel}>{section.title}</span>
          <span className="visually-hidden">,</span>{' '}
          <span className={styles.optionMeta}>{describePages(section.pagesInSection)}</span>
          <span className="visually-hidden">,</span>{' '}
          <span className={styles.optionScore}>
            <ScoreBadge score={section.overallScore} hasScanned={section.hasFirstScanned} />
          </span>
        </ListBoxItem>
      ))}
    </ListBox>
  )
}

/** Previous and next page of sections, with where the list is; nothing when they fit on one page. */
function SectionPaging({
  page,
  pageCount,
  setPage,
}: {
  page: number
  pageCount: number
  setPage: (page: number) => void
}) {
  if (pageCount <= 1) return <span />
  return (
    <div className={styles.paging}>
      <Button
        className={styles.pageButton}
        isDisabled={page <= 1}
        onPress={() => setPage(page - 1)}
        aria-label="Previous sections"
      >
        <Icon name="chevronLeft" size={18} />
      </Button>
      <span>
        Page {page} of {pageCount}
      </span>
      <Button
        className={styles.pageButton}
        isDisabled={page >= pageCount}
        onPress={() => setPage(page + 1)}
        aria-label="Next sections"
      >
        <Icon name="chevronRight" size={18} />
      </Button>
    </div>
  )
}

/**
 * The section switcher: 'All sections' plus each section with its page count and overall score
 * ('Scan scheduled' before its first scan), 8 per page, and 'Manage sections' for administrators.
 */
export function SectionSwitcher({
  siteSlug,
  activeSectionSlug,
  canManageSections,
  onSelect,
}: SectionSwitcherProps) {
  const labelId = useId()
  const sections = useSwitcherSections(siteSlug)
  const activeSection = sections.items.find((section) => section.sys.slug === activeSectionSlug)
  const triggerText = activeSectionSlug ? (activeSection?.title ?? activeSectionSlug) : MESSAGES.sections.all

  const choose = (selection: Selection, close: () => void) => {
    if (selection === 'all') return
    const [key] = [...selection]
    if (key === undefined) return
    const next = key === ALL_SECTIONS_KEY ? null : String(key)
    if (next !== activeSectionSlug) {
      resetSectionSwitcherPage(siteSlug)
      onSelect(next)
    }
    close()
  }

  return (
    <div className={styles.switcher}>
      <span id={labelId} className={styles.label}>
        Section
      </span>
      <DialogTrigger>
        <Button className={styles.trigger} aria-labelledby={`${labelId} ${labelId}-value`}>
          <span id={`${labelId}-value`}>{triggerText}</span>
          <Icon name="chevronDown" size={18} />
        </Button>
        <Popover placement="bottom end" className={styles.popover}>
          <Dialog className={styles.dialog} aria-label="Choose a section">
            {({ close }) => (
              <>
                <SectionOptions
                  items={sections.items}
                  selectedKey={activeSectionSlug ?? ALL_SECTIONS_KEY}
                  onChoose={(selection) => choose(selection, close)}
                />
                {sections.isError ? <p className={styles.status}>{MESSAGES.list.errorTitle}</p> : null}
                <div className={styles.footer}>
                  <SectionPaging
                    page={sections.page}
                    pageCount={sections.pageCount}
                    setPage={sections.setPage}
                  />
                  {canManageSections ? (
                    <ButtonLink
                      href={sitePath(siteSlug, null, 'settings/sections')}
                      variant="secondary"
                      size="small"
                      onPress={close}
                    >
                      {MESSAGES.sections.manage}
                    </ButtonLink>
                  ) : null}
                </div>
              </>
            )}
          </Dialog>
        </Popover>
      </DialogTrigger>
    </div>
  )
}
