import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { initialJsSizePlugin } from './vite/initial-js-size-plugin.ts'

// In dev the SPA runs on Vite and the API on its own port; these are the paths the API answers at
// its root (COMMON.md). Keys starting with ^ are regular expressions, so that SPA routes such as
// /account/verified or /okta/login are not swallowed by the proxy.
const API_TARGET = process.env.CANOPY_API_URL ?? 'http://127.0.0.1:3000'
const apiPaths = [
  '^/auth/',
  '^/(login|logout)(\\?|$)',
  '^/account/(register|verify|reset)(/|\\?|$)',
  '^/healthz/',
  '^/illustrations/',
  '^/api/',
]

const ZOD_CHUNK = /node_modules[\\/]zod[\\/]|src[\\/]config[\\/]zod\.ts$/

export default defineConfig({
  plugins: [react(), initialJsSizePlugin()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      ...Object.fromEntries(apiPaths.map((path) => [path, { target: API_TARGET }])),
      '/socket.io': { target: API_TARGET, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // zod and src/config/zod.ts share one chunk, so zod is set jitless before any chunk builds a schema.
        codeSplitting: { groups: [{ name: 'zod', test: ZOD_CHUNK }] },
      },
    },
  },
})
