/**
 * The login page footer links: terms, privacy and contact. A self-hosted installation points them at its
 * own pages with VITE_TERMS_URL, VITE_PRIVACY_URL and VITE_CONTACT_URL; without them they lead to short
 * in-app pages that say whom to ask.
 */
export const FOOTER_LINKS = {
  termsOfUse: import.meta.env.VITE_TERMS_URL || '/legal/terms-of-use',
  privacyPolicy: import.meta.env.VITE_PRIVACY_URL || '/legal/privacy-policy',
  contactUs: import.meta.env.VITE_CONTACT_URL || '/legal/contact-us',
} as const
