import {
  ASSIGNABLE_ROLES,
  ASSIGNMENT_COMMENT_MAX_LENGTH,
  type Assignment,
  isAssignableRole,
} from '@canopy/contracts'
import { type UIEvent, useId, useState } from 'react'
import {
  Label,
  Radio,
  RadioGroup,
  SearchField,
  Input as SearchInput,
  Tab,
  TabList,
  TabPanel,
  Tabs,
} from 'react-aria-components'
import { Button } from '@/components/ui/button'
import { Modal } from '@/components/ui/modal'
import tabStyles from '@/components/ui/tabs.module.css'
import { TextField } from '@/components/ui/text-field'
import { ASSIGNMENT_UI } from '@/config/assignment-messages'
import { useDebouncedValue } from '@/hooks/use-debounced-value'
import styles from './assignment.module.css'
import { useAssignIssue, useSiteUsers } from './assignment-api'

/** The issue on a page the modal assigns, and its current assignment (null: not assigned yet). */
export type AssignTarget = {
  issueId: string
  pageId: string
  issueTitle: string
  assignment: Assignment | null
}

type AssigneeType = 'roles' | 'users'

/** The user search waits for typing to pause this long; the next page loads this close to the bottom. */
const USER_SEARCH_DEBOUNCE_MS = 500
const LOAD_MORE_THRESHOLD_PX = 100

function RoleChoices({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <RadioGroup
      aria-label={ASSIGNMENT_UI.roles}
      value={isAssignableRole(value) ? value : null}
      onChange={onChange}
      className={styles.choices}
    >
      {ASSIGNABLE_ROLES.map((role) => (
        <Radio key={role.slug} value={role.slug} className={styles.choice}>
          {role.name}
        </Radio>
      ))}
    </RadioGroup>
  )
}

function UserChoices({
  siteSlug,
  value,
  onChange,
}: {
  siteSlug: string
  value: string
  onChange: (value: string) => void
}) {
  const [search, setSearch] = useState('')
  const settled = useDebouncedValue(search.trim(), USER_SEARCH_DEBOUNCE_MS)
  const users = useSiteUsers(siteSlug, settled, true)
  const list = users.data?.pages.flatMap((page) => page.items) ?? []
  const loadMore = () => {
    if (users.hasNextPage && !users.isFetchingNextPage) void users.fetchNextPage()
  }
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const box = event.currentTarget
    if (box.scrollHeight - box.scrollTop - box.clientHeight <= LOAD_MORE_THRESHOLD_PX) loadMore()
  }
  return (
    <>
      <SearchField value={search} onChange={setSearch} className={styles.search}>
        <Label className={styles.label}>{ASSIGNMENT_UI.searchUsers}</Label>
        <SearchInput className={styles.searchInput} />
      </SearchField>
      <div className={styles.scroller} onScroll={onScroll}>
        {users.isError ? (
          <p role="alert">{ASSIGNMENT_UI.usersFailed}</p>
        ) : users.isPending ? (
          <p role="status">{ASSIGNMENT_UI.loadingUsers}</p>
        ) : list.length === 0 ? (
          <p role="status">{ASSIGNMENT_UI.noUsers}</p>
        ) : (
          <RadioGroup
            aria-label={ASSIGNMENT_UI.users}
            value={list.some((user) => user.id === value) ? value : null}
            onChange={onChange}
            className={styles.choices}
          >
            {list.map((user) => (
              <Radio key={user.id} value={user.id} className={styles.choice}>
                {`${user.firstName} ${user.lastName}`.trim()}
              </Radio>
            ))}
          </RadioGroup>
        )}
        {users.hasNextPage ? (
          <Button variant="quiet" size="small" isPending={users.isFetchingNextPage} onPress={loadMore}>
            {ASSIGNMENT_UI.loadMoreUsers}
          </Button>
        ) : null}
      </div>
    </>
  )
}

function AssignForm({
  siteSlug,
  target,
  close,
  onAssigned,
}: {
  siteSlug: string
  target: AssignTarget
  close: () => void
  onAssigned?: () => void
}) {
  const existing = target.assignment
  const editing = existing !== null
  const [assignee, setAssignee] = useState(existing?.assignedToId ?? '')
  const [comment, setComment] = useState(existing?.comment ?? '')
  const [type, setType] = useState<AssigneeType>(
    existing && !isAssignableRole(existing.assignedToId) ? 'users' : 'roles',
  )
  const assign = useAssignIssue(siteSlug)
  const unchanged =
    editing && assignee === existing.assignedToId && comment.trim() === (existing.comment ?? '').trim()
  const tooLong = comment.length > ASSIGNMENT_COMMENT_MAX_LENGTH
  const infoId = useId()
  const submit = () => {
    if (!assignee || unchanged || tooLong) return
    assign.mutate(
      {
        issueId: target.issueId,
        pageId: target.pageId,
        userId: assignee,
        comment,
        mode: editing ? 'edit' : 'assign',
      },
      {
        onSuccess: () => {
          onAssigned?.()
          close()
        },
      },
    )
  }
  const label = editing ? ASSIGNMENT_UI.editIssue : ASSIGNMENT_UI.assignIssue
  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <p className={styles.issue}>{target.issueTitle}</p>
      <TextField
        label={ASSIGNMENT_UI.comment}
        multiline
        value={comment}
        onChange={setComment}
        maxCharacters={ASSIGNMENT_COMMENT_MAX_LENGTH}
      />
      <Tabs
        selectedKey={type}
        onSelectionChange={(key) => setType(key as AssigneeType)}
        className={tabStyles.tabs}
      >
        <TabList aria-label={ASSIGNMENT_UI.assigneeType} className={tabStyles.tabList}>
          <Tab id="roles" className={tabStyles.tab}>
            {ASSIGNMENT_UI.roles}
          </Tab>
          <Tab id="users" className={tabStyles.tab}>
            {ASSIGNMENT_UI.users}
          </Tab>
        </TabList>
        <TabPanel id="roles" className={tabStyles.tabPanel}>
          <div className={styles.scroller}>
            <RoleChoices value={assignee} onChange={setAssignee} />
          </div>
        </TabPanel>
        <TabPanel id="users" className={tabStyles.tabPanel}>
          <UserChoices siteSlug={siteSlug} value={assignee} onChange={setAssignee} />
        </TabPanel>
      </Tabs>
      {unchanged ? (
        <p id={infoId} className={styles.info} role="status">
          {ASSIGNMENT_UI.noChanges}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button variant="secondary" onPress={close}>
          {ASSIGNMENT_UI.cancel}
        </Button>
        <Button
          type="submit"
          isPending={assign.isPending}
          isDisabled={!assignee || unchanged || tooLong}
          aria-describedby={unchanged ? infoId : undefined}
        >
          {label}
        </Button>
      </div>
    </form>
  )
}

/**
 * The assign modal: a comment with its counter, a role or a user of the site (searched, loaded page by page)
 * as the assignee, and Assign issue (Edit issue for an existing assignment). The submit button stays disabled
 * while the request is on its way, without an assignee, and when an edit changes nothing.
 */
export function AssignModal({
  siteSlug,
  target,
  isOpen,
  onOpenChange,
  onAssigned,
}: {
  siteSlug: string
  target: AssignTarget
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
  onAssigned?: () => void
}) {
  return (
    <Modal
      title={target.assignment ? ASSIGNMENT_UI.editIssue : ASSIGNMENT_UI.assignIssue}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
    >
      {(close) => <AssignForm siteSlug={siteSlug} target={target} close={close} onAssigned={onAssigned} />}
    </Modal>
  )
}
