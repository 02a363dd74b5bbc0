import type { AnyQueueName, JobQueues } from '@canopy/contracts'
import { Queue } from 'bullmq'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/** The housekeeping queues and the scanning engine's queues; enqueueJob takes it as it is. */
export interface QueueRegistry extends JobQueues {
  /** The handle of a BullMQ queue, created on first use; the worker consumes it under the same prefix. */
  get(name: AnyQueueName): Queue
}

declare module 'fastify' {
  interface FastifyInstance {
    queues: QueueRegistry
  }
}

/** The API only enqueues: handles share the app's Redis connection and CANOPY_QUEUE_PREFIX. */
async function queuesPlugin(fastify: FastifyInstance) {
  const handles = new Map<AnyQueueName, Queue>()
  const registry: QueueRegistry = {
    get(name) {
      let queue = handles.get(name)
      if (!queue) {
        queue = new Queue(name, { connection: fastify.redis, prefix: fastify.config.queuePrefix })
        handles.set(name, queue)
      }
      return queue
    },
  }
  fastify.decorate('queues', registry)
  fastify.addHook('onClose', async () => {
    await Promise.all([...handles.values()].map((queue) => queue.close()))
  })
}

export default fp(queuesPlugin, { name: 'queues', dependencies: ['redis'] })
