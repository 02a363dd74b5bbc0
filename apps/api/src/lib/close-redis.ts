import type { Redis } from 'ioredis'

/** QUIT waits for Redis to answer; a connection that never came up would wait forever, so it is dropped. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit()
  else redis.disconnect()
}
