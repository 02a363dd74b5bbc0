export {
  AddressBlockedError,
  type AddressGuard,
  type AddressGuardOptions,
  type CheckedTarget,
  createAddressGuard,
  createAddressGuardFromEnv,
  DEFAULT_MAX_REDIRECTS,
  type GuardedFetchInit,
  type GuardedResponse,
  type Redirect,
  type ResolvedAddress,
  type ResolveHost,
  TooManyRedirectsError,
} from './address-guard.js'
export {
  type AddressClass,
  classifyAddress,
  isPublicAddress,
  parseAllowHosts,
} from './address-ranges.js'
