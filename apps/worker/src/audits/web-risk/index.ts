export {
  checkUrlsWithWebRisk,
  DEFAULT_WEB_RISK_BASE_URL,
  searchUri,
  type WebRiskCache,
  type WebRiskClientOptions,
  WebRiskRequestError,
  type WebRiskVerdict,
} from './search-uris.js'
