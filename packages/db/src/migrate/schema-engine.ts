import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { PrismaPg } from '@prisma/adapter-pg'
import {
  bindMigrationAwareSqlAdapterFactory,
  DriverAdapterError,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from '@prisma/driver-adapter-utils'
import * as engineGlue from '@prisma/schema-engine-wasm/schema_engine_bg'
import type pg from 'pg'
import { createDatabase, dropDatabase, randomDatabaseName, replaceDatabaseName } from '../database-server.js'

/*
 * Prisma's CLI runs a native schema engine that it downloads on first use, which cannot happen
 * offline. The same engine is published on npm compiled to WebAssembly; it talks to PostgreSQL
 * through a driver adapter instead of its own connections. This module loads it and gives it an
 * adapter that works around three faults of @prisma/adapter-pg 7.10 on the migration path:
 *  - connectToShadowDb keeps the connectionString, so the "shadow" connection reaches the main
 *    database (pg lets connectionString override `database`);
 *  - it drops the shadow database before closing the pool, which fails with 55006;
 *  - columns of PostgreSQL's internal "char" type (pg_class.relkind and friends) are rejected as
 *    unsupported; the engine then never settles its promise and Node exits 0 with no output.
 */

export type SchemaEngine = engineGlue.SchemaEngine

let glueReady: Promise<void> | undefined

/** The part of the WebAssembly global we use; TypeScript declares it only in the DOM library. */
interface WebAssemblyApi {
  compile(bytes: Uint8Array): Promise<object>
  instantiate(module: object, imports: Record<string, object>): Promise<{ exports: Record<string, unknown> }>
}
const wasmApi = (globalThis as unknown as { WebAssembly: WebAssemblyApi }).WebAssembly

/**
 * wasm-bindgen keeps the instance in module state and breaks if it is started twice, so the module
 * is instantiated once per process. It is loaded by hand because Node does not import .wasm
 * files without --experimental-wasm-modules.
 */
function loadEngineGlue(): Promise<void> {
  glueReady ??= (async () => {
    const require = createRequire(import.meta.url)
    const wasmPath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg').replace(/\.js$/, '.wasm')
    const module = await wasmApi.compile(await readFile(wasmPath))
    const instance = await wasmApi.instantiate(module, { './schema_engine_bg.js': engineGlue })
    engineGlue.__wbg_set_wasm(instance.exports)
    ;(instance.exports.__wbindgen_start as () => void)()
  })()
  return glueReady
}

// OIDs of "char" and "char"[]; relabelled as text and text[], which carry the same strings.
const CHAR_OID = 18
const CHAR_ARRAY_OID = 1002
const TEXT_OID = 25
const TEXT_ARRAY_OID = 1009

type PerformIO = (query: unknown) => Promise<pg.QueryArrayResult>

/**
 * The adapter maps column types in queryRaw from the fields that its private performIO returns;
 * relabelling them there is the narrowest fix that keeps all of its value conversions.
 */
function acceptCharColumns<T extends object>(queryable: T): T {
  const target = queryable as T & { performIO?: PerformIO }
  const performIO = target.performIO?.bind(queryable)
  if (!performIO) throw new Error('@prisma/adapter-pg changed: performIO is gone; revisit schema-engine.ts')
  target.performIO = async (query) => {
    const result = await performIO(query)
    for (const field of result.fields) {
      if (field.dataTypeID === CHAR_OID) field.dataTypeID = TEXT_OID
      else if (field.dataTypeID === CHAR_ARRAY_OID) field.dataTypeID = TEXT_ARRAY_OID
    }
    return result
  }
  return queryable
}

interface PgDriverError {
  code?: string
  severity?: string
  message: string
  detail?: string
  column?: string
  hint?: string
}

/**
 * Sends each migration script to PostgreSQL whole, as Prisma's native engine does; the adapter's own
 * executeScript splits on every ';', which breaks on semicolons in strings, comments and functions.
 */
function prepareAdapter(adapter: SqlDriverAdapter, pool: pg.Pool): void {
  acceptCharColumns(adapter)
  const startTransaction = adapter.startTransaction.bind(adapter)
  adapter.startTransaction = async (isolationLevel) =>
    acceptCharColumns(await startTransaction(isolationLevel))
  adapter.executeScript = async (script) => {
    try {
      await pool.query(script)
    } catch (error) {
      const e = error as PgDriverError
      throw new DriverAdapterError({
        kind: 'postgres',
        code: e.code ?? 'N/A',
        severity: e.severity ?? 'N/A',
        message: e.message,
        detail: e.detail,
        column: e.column,
        hint: e.hint,
      })
    }
  }
}

class MigrationAdapterFactory implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider = 'postgres'
  readonly adapterName = '@prisma/adapter-pg'
  /** adapters not yet disposed, so that closing the engine releases their connections */
  private readonly openAdapters = new Set<SqlDriverAdapter>()

  constructor(private readonly databaseUrl: string) {}

  connect(): Promise<SqlDriverAdapter> {
    return this.connectAdapter(this.databaseUrl)
  }

  async connectToShadowDb(): Promise<SqlDriverAdapter> {
    const shadowUrl = replaceDatabaseName(this.databaseUrl, randomDatabaseName('prisma_shadow'))
    await createDatabase(shadowUrl)
    try {
      return await this.connectAdapter(shadowUrl, () => dropDatabase(shadowUrl))
    } catch (error) {
      await dropDatabase(shadowUrl)
      throw error
    }
  }

  /**
   * One connection per database, like the native engine: it takes Prisma's session-level advisory
   * lock before each command, and on a pool the next command would wait for that lock held by
   * another connection of the same engine (10 s, then it carries on without it).
   */
  private async connectAdapter(databaseUrl: string, afterDispose?: () => Promise<void>) {
    const adapter = await new PrismaPg({ connectionString: databaseUrl, max: 1 }).connect()
    prepareAdapter(adapter, adapter.underlyingDriver())
    const dispose = adapter.dispose.bind(adapter)
    adapter.dispose = async () => {
      if (!this.openAdapters.delete(adapter)) return
      await dispose()
      await afterDispose?.()
    }
    this.openAdapters.add(adapter)
    return adapter
  }

  async disposeAll(): Promise<void> {
    for (const adapter of [...this.openAdapters]) await adapter.dispose()
  }
}

export interface SchemaEngineSession {
  engine: SchemaEngine
  /** Runs one engine command, turning a silent stall of the engine into an error. */
  run<T>(command: (engine: SchemaEngine) => Promise<T>): Promise<T>
  close(): Promise<void>
}

/**
 * Starts the engine on `databaseUrl`. Shadow databases are created on the same server, so the role
 * needs CREATEDB. `schemaFiles` are [path, content] pairs of the Prisma schema.
 */
export async function openSchemaEngine(
  databaseUrl: string,
  schemaFiles: [string, string][],
  log: (line: string) => void = () => undefined,
): Promise<SchemaEngineSession> {
  await loadEngineGlue()
  const factory = new MigrationAdapterFactory(databaseUrl)
  const engine = await engineGlue.SchemaEngine.new(
    { datamodels: schemaFiles },
    log,
    bindMigrationAwareSqlAdapterFactory(factory),
  )

  return {
    engine,
    run: (command) => runWithStallGuard(() => command(engine)),
    async close() {
      engine.free()
      await factory.disposeAll()
    },
  }
}

/**
 * When the engine drops a promise (as it does after some adapter errors), nothing keeps Node's event
 * loop alive and the process would exit 0 as if all went well. `beforeExit` fires exactly then.
 */
async function runWithStallGuard<T>(command: () => Promise<T>): Promise<T> {
  let onBeforeExit: (() => void) | undefined
  const stalled = new Promise<never>((_, reject) => {
    onBeforeExit = () =>
      reject(new Error('The Prisma schema engine stopped without an answer (see its log above).'))
    process.once('beforeExit', onBeforeExit)
  })
  try {
    return await Promise.race([command(), stalled])
  } finally {
    if (onBeforeExit) process.removeListener('beforeExit', onBeforeExit)
  }
}
