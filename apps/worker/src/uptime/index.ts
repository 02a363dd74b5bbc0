export { describeProbeFailure, isUpStatus, probeRoot, type UptimeProbe } from './probe-root.js'
export { type IncidentChange, recordUptimeCheck } from './record-check.js'
export { MINUTE_MS, minuteStartOf, siteOffsetMs, slotInMinute } from './slots.js'
