import { type OrganisationSiteUsage, SCAN_LIMIT_MESSAGE } from '@canopy/contracts'
import { type FormEvent, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Modal, ModalActions, ModalBody } from '@/components/ui/modal'
import { TextField } from '@/components/ui/text-field'
import { showToast } from '@/components/ui/toast'
import { isApiError } from '@/lib/api-client'
import { useChangeCreditLimit } from '../api/organisations'
import { BILLING_TEXT } from '../labels'

const TEXT = BILLING_TEXT

/** A refused change puts the server's message on the field: the field's own, else the answer's. */
function failureMessage(error: unknown): string {
  if (!isApiError(error)) return TEXT.creditLimitFailed
  return error.fieldErrors.scanLimit ?? (error.message || TEXT.creditLimitFailed)
}

/** Sets a site's credit limit (pages it may scan per month); the modal stays open while it saves. */
export function CreditLimitModal({
  organisationSlug,
  site,
  onClose,
}: {
  organisationSlug: string
  site: OrganisationSiteUsage
  onClose: () => void
}) {
  const [value, setValue] = useState(String(site.scanLimit))
  const [error, setError] = useState<string | undefined>()
  const change = useChangeCreditLimit(organisationSlug)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const scanLimit = Number(value.trim())
    if (!value.trim() || !Number.isInteger(scanLimit) || scanLimit < 1) return setError(SCAN_LIMIT_MESSAGE)
    setError(undefined)
    try {
      await change.mutateAsync({ siteSlug: site.slug, scanLimit })
      showToast(TEXT.creditLimitUpdated)
      onClose()
    } catch (failure) {
      setError(failureMessage(failure))
    }
  }
  return (
    <Modal
      title={TEXT.creditLimitTitle(site.siteName)}
      isOpen
      type={change.isPending ? 'unclosable' : 'standard'}
      onOpenChange={(open) => (!open ? onClose() : undefined)}
    >
      <ModalBody>
        <form onSubmit={submit} noValidate>
          <TextField
            label={TEXT.creditLimitLabel}
            inputMode="numeric"
            value={value}
            onChange={setValue}
            validationBehavior="aria"
            validate={() => error}
            autoFocus
          />
          <ModalActions>
            <Button variant="secondary" onPress={onClose} isDisabled={change.isPending}>
              {TEXT.cancel}
            </Button>
            <Button type="submit" isDisabled={change.isPending}>
              {change.isPending ? TEXT.saving : TEXT.save}
            </Button>
          </ModalActions>
        </form>
      </ModalBody>
    </Modal>
  )
}
