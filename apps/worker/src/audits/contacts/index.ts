export {
  type Contacts,
  type ContactsInput,
  DEFAULT_PHONE_REGION,
  extractContacts,
} from './extract-contacts.js'
export { type ContactCount, findEmailsInText, isValidEmail, parseMailtoHref } from './extract-emails.js'
export { findTelephonesInText, parseTelHref, type TelephoneFound } from './extract-telephones.js'
export { phoneRegionFor } from './phone-region.js'
