export {
  AddressBlockedError,
  type AddressGuard,
  type AddressGuardOptions,
  BLOCKED_BY_NETWORK_POLICY,
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
export {
  type BlockedRequest,
  type GuardingProxy,
  NETWORK_ERROR_HEADER,
  NETWORK_POLICY_HEADER,
  startGuardingProxy,
} from './guarding-proxy.js'
