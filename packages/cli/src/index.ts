export * from './args.js'
export * from './client.js'
export * from './gate.js'
export * from './run.js'
