export * from './client.js'
export * from './generated/prisma/client.js'
