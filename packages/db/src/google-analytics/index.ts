export * from './client.js'
export * from './reports.js'
