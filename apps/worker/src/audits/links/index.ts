export { type CheckLinksOptions, checkLinks, type LinkCheck } from './check-links.js'
export {
  classifyStatus,
  describeFailure,
  isBotWall,
  LINK_STATUS,
  type LinkError,
  type LinkStatusClass,
} from './link-status.js'
