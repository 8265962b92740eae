import { createRequire } from 'node:module';

/**
 * The part of better-sqlite3 this adapter uses, typed here because the package ships no types
 * (and `@types/better-sqlite3` is not a dependency). Loaded with `require`, as the package is CommonJS.
 */
export interface SqliteStatement<Row = Record<string, unknown>> {
  run(...parameters: unknown[]): { changes: number; lastInsertRowid: number | bigint };
  get(...parameters: unknown[]): Row | undefined;
  all(...parameters: unknown[]): Row[];
}

/** A function wrapped in BEGIN … COMMIT (ROLLBACK when it throws). */
export interface SqliteTransaction<Result> {
  (): Result;
  /** BEGIN IMMEDIATE: takes the write lock first, so the work cannot fail half way on a lock upgrade. */
  immediate(): Result;
}

export interface SqliteDatabase {
  prepare<Row = Record<string, unknown>>(sql: string): SqliteStatement<Row>;
  exec(sql: string): void;
  pragma(source: string, options?: { simple?: boolean }): unknown;
  transaction<Result>(work: () => Result): SqliteTransaction<Result>;
  close(): void;
  readonly open: boolean;
  readonly inTransaction: boolean;
}

interface DatabaseConstructor {
  new (file: string, options?: { readonly?: boolean; fileMustExist?: boolean; timeout?: number }): SqliteDatabase;
}

const requireFromHere = createRequire(import.meta.url);

/** Opens (creating when allowed) a SQLite database file. */
export function openSqliteDatabase(file: string, options: { readonly?: boolean; fileMustExist?: boolean; busyTimeoutMs?: number } = {}): SqliteDatabase {
  const Database = requireFromHere('better-sqlite3') as DatabaseConstructor;
  return new Database(file, { readonly: options.readonly ?? false, fileMustExist: options.fileMustExist ?? false, timeout: options.busyTimeoutMs ?? 5000 });
}

/** SQLite's extended result code of a driver error (`SQLITE_BUSY`, `SQLITE_CONSTRAINT_UNIQUE`, …). */
export function sqliteErrorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const code = (error as { code: unknown }).code;
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : undefined;
}
