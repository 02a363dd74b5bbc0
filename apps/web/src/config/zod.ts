import { z } from 'zod'

/**
 * The app's Content-Security-Policy forbids eval, and zod probes for it as it builds its first object
 * schema (the probe alone is a violation). main.tsx imports this first, and the build puts it in zod's own
 * chunk (vite.config.ts), so it runs before any other chunk builds a schema.
 */
z.config({ jitless: true })
