export { describeProbeFailure, isUpStatus, probeRoot, type UptimeProbe } from './probe-root.js'
export { type IncidentChange, recordUptimeCheck } from './record-check.js'
export { MINUTE_MS, siteOffsetMs, slotInTick, tickMsOf, tickStartOf } from './slots.js'
