// The section rules are shared with the API (the section editor's preview matches pages the same way).
export * from '@canopy/contracts/section-rules'
