import { ButtonLink } from '@/components/ui/button'

/** The way to the add-site screen, on the site selector and the configurations list. */
export function AddSiteLink() {
  return <ButtonLink href="/sites/new">Add site</ButtonLink>
}
