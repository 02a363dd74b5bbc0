import { SECTION_MESSAGES, type Section } from '@canopy/contracts'
import { useMemo, useState } from 'react'
import { AppLink } from '@/components/ui/app-link'
import { Button, ButtonLink } from '@/components/ui/button'
import { type ListColumn, ListView, toApiQuery, useListParams } from '@/components/ui/list'
import { Modal } from '@/components/ui/modal'
import { PageHeader } from '@/components/ui/notice'
import { showToast } from '@/components/ui/toast'
import { PAGING } from '@/config/constants'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useSections } from '../api/get-sections'
import { useDeleteSection, useRescanSection } from '../api/section-settings'
import styles from './sections-settings.module.css'

const TEXT = { rescanning: 'Section is re-scanning', scanScheduled: 'Scan scheduled' }

type Actions = { siteSlug: string; canScan: boolean; onDelete: (section: Section) => void }

function SectionActions({ section, siteSlug, canScan, onDelete }: Actions & { section: Section }) {
  const rescan = useRescanSection(siteSlug)
  const onRescan = async () => {
    try {
      await rescan.mutateAsync(section.sys.id)
      showToast(TEXT.rescanning)
    } catch (error) {
      showToast((error as Error).message, 'error')
    }
  }
  return (
    <div className={styles.actions}>
      {canScan ? (
        <Button
          variant="secondary"
          size="small"
          onPress={onRescan}
          isDisabled={rescan.isPending}
          aria-label={`Rescan ${section.title}`}
        >
          Rescan
        </Button>
      ) : null}
      <Button
        variant="danger"
        size="small"
        onPress={() => onDelete(section)}
        aria-label={`Delete ${section.title}`}
      >
        Delete
      </Button>
    </div>
  )
}

function sectionColumns(actions: Actions): ListColumn<Section>[] {
  return [
    {
      id: 'title',
      label: 'Section',
      sortable: true,
      isRowHeader: true,
      render: (section) => (
        <AppLink
          href={`/site/${encodeURIComponent(actions.siteSlug)}/settings/sections/${encodeURIComponent(section.sys.id)}`}
        >
          {section.title}
        </AppLink>
      ),
    },
    {
      id: 'pagesInSection',
      label: 'Pages',
      sortable: true,
      align: 'end',
      render: (section) => section.pagesInSection,
    },
    {
      id: 'overallScore',
      label: 'Overall score',
      sortable: true,
      align: 'end',
      render: (section) => (section.hasFirstScanned ? (section.overallScore ?? '–') : TEXT.scanScheduled),
    },
    {
      id: 'actions',
      label: 'Actions',
      render: (section) => <SectionActions section={section} {...actions} />,
    },
  ]
}

function DeleteSectionDialog({
  siteSlug,
  section,
  close,
}: {
  siteSlug: string
  section: Section
  close: () => void
}) {
  const remove = useDeleteSection(siteSlug)
  const onConfirm = async () => {
    try {
      await remove.mutateAsync(section.sys.id)
      showToast(SECTION_MESSAGES.deleted)
      close()
    } catch (error) {
      showToast((error as Error).message, 'error')
    }
  }
  return (
    <div className={styles.dialog}>
      <p>{`Delete the section ${section.title}? Its pages stay; only the section goes.`}</p>
      <div className={styles.actions}>
        <Button variant="secondary" onPress={close}>
          Cancel
        </Button>
        <Button variant="danger" onPress={onConfirm} isDisabled={remove.isPending}>
          Delete section
        </Button>
      </div>
    </div>
  )
}

/** settings/sections: the site's sections in the list pattern, each with rescan and delete (after a confirmation). */
export function SectionsSettingsScreen({ siteSlug, canScan }: { siteSlug: string; canScan: boolean }) {
  useDocumentTitle('Sections')
  const list = useListParams({ sortBy: 'title', sortDir: 'asc' })
  const query = useSections(
    siteSlug,
    toApiQuery(list.params, list.filters, { pageSize: PAGING.defaultPageSize }),
  )
  const [deleting, setDeleting] = useState<Section | null>(null)
  const columns = useMemo(
    () => sectionColumns({ siteSlug, canScan, onDelete: setDeleting }),
    [siteSlug, canScan],
  )
  return (
    <div className={styles.screen}>
      <PageHeader eyebrow="Settings" title="Sections" />
      <ListView
        caption="Sections"
        filterLabel="Search sections"
        columns={columns}
        list={list}
        query={query}
        getRowKey={(section) => section.sys.id}
        emptyMessage="This site has no sections yet."
        toolbar={
          <ButtonLink href={`/site/${encodeURIComponent(siteSlug)}/settings/sections/new`}>
            New section
          </ButtonLink>
        }
      />
      <Modal
        title="Delete section"
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
      >
        {(close) =>
          deleting ? <DeleteSectionDialog siteSlug={siteSlug} section={deleting} close={close} /> : null
        }
      </Modal>
    </div>
  )
}
