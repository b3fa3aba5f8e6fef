import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDatabase, type Database } from '@/server/db/client';
import { emptyImagePath, imageKey, migrationsFolder } from '@/server/db/emptyImage';
import { rowsOf } from '@/server/db/client';

/** Everything the schema is made of, as PostgreSQL describes it, in a stable order. */
const SCHEMA_QUERIES = {
  columns: sql`select table_name, column_name, data_type, udt_name, is_nullable, column_default, character_maximum_length
    from information_schema.columns where table_schema in ('public', 'drizzle') order by 1, 2`,
  indexes: sql`select schemaname, tablename, indexname, indexdef from pg_indexes where schemaname in ('public', 'drizzle') order by 1, 2, 3`,
  constraints: sql`select conrelid::regclass::text as tbl, conname, pg_get_constraintdef(oid) as def
    from pg_constraint where connamespace in ('public'::regnamespace, 'drizzle'::regnamespace) order by 1, 2`,
  triggers: sql`select tgrelid::regclass::text as tbl, tgname, pg_get_triggerdef(oid) as def from pg_trigger where not tgisinternal order by 1, 2`,
  functions: sql`select proname, pg_get_functiondef(oid) as def from pg_proc where pronamespace = 'public'::regnamespace order by 1`,
  sequences: sql`select sequence_schema, sequence_name, data_type, start_value, increment from information_schema.sequences order by 1, 2`,
  extensions: sql`select extname, extversion from pg_extension order by 1`,
  migrations: sql`select hash, created_at from drizzle.__drizzle_migrations order by id`,
  settings: sql`select name, setting from pg_settings where name in ('server_encoding', 'lc_collate', 'lc_ctype', 'TimeZone', 'DateStyle') order by 1`,
};

async function describeSchema(database: Database): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const [name, query] of Object.entries(SCHEMA_QUERIES)) out[name] = rowsOf(await database.db.execute(query));
  return out;
}

async function rowCounts(database: Database): Promise<Record<string, number>> {
  const tables = rowsOf<{ table_name: string }>(
    await database.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`),
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) counts[table_name] = Number(rowsOf<{ n: number }>(await database.db.execute(sql.raw(`select count(*)::int as n from "${table_name}"`)))[0]!.n);
  return counts;
}

describe('the image of an empty, migrated embedded database', () => {
  const imageDir = mkdtempSync(path.join(tmpdir(), 'motokari-image-'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'motokari-image-data-'));
  const before = process.env.EMPTY_DB_IMAGE_DIR;
  const steps: { migrated: string[]; fromImage: string[]; onDisk: string[] } = { migrated: [], fromImage: [], onDisk: [] };
  let migrated: Database;
  let fromImage: Database;

  beforeAll(async () => {
    process.env.EMPTY_DB_IMAGE_DIR = imageDir;
    expect(existsSync(emptyImagePath())).toBe(false);
    const first = await createDatabase({ databaseUrl: null, dataDir, inMemory: true, onStep: (s) => steps.migrated.push(s) });
    await first.opened;
    migrated = first.database;
    const second = await createDatabase({ databaseUrl: null, dataDir, inMemory: true, onStep: (s) => steps.fromImage.push(s) });
    await second.opened;
    fromImage = second.database;
  });
  afterAll(async () => {
    await migrated?.close();
    await fromImage?.close();
    if (before === undefined) delete process.env.EMPTY_DB_IMAGE_DIR;
    else process.env.EMPTY_DB_IMAGE_DIR = before;
    rmSync(imageDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is left by the first new database made without one, which runs initdb and every migration', () => {
    expect(steps.migrated[0]).toBe('creating the database');
    expect(existsSync(emptyImagePath())).toBe(true);
  });

  it('makes the next new database, which then equals a migrated one: tables, columns, indexes, constraints, triggers, functions, migrations, no rows', async () => {
    expect(steps.fromImage[0]).toBe('creating the database from its image');
    const [a, b] = await Promise.all([describeSchema(migrated), describeSchema(fromImage)]);
    expect(a.columns!.length).toBeGreaterThan(50);
    expect(a.triggers!.length).toBeGreaterThan(0);
    expect(b).toEqual(a);
    expect(await rowCounts(fromImage)).toEqual(await rowCounts(migrated));
    expect(Object.values(await rowCounts(fromImage)).every((n) => n === 0)).toBe(true);
  });

  it('makes a new data folder on disk, which opens again as an existing database', async () => {
    const disk = await createDatabase({ databaseUrl: null, dataDir, onStep: (s) => steps.onDisk.push(s) });
    await disk.opened;
    await disk.database.close();
    expect(steps.onDisk[0]).toBe('creating the database from its image');
    const again: string[] = [];
    const reopened = await createDatabase({ databaseUrl: null, dataDir, onStep: (s) => again.push(s) });
    await reopened.opened;
    try {
      expect(again[0]).toBe('opening the database');
      expect(await describeSchema(reopened.database)).toEqual(await describeSchema(migrated));
    } finally {
      await reopened.database.close();
    }
  });

  it('is named after the migrations and PGlite: a new migration makes another image, never a stale one', () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'motokari-migrations-'));
    try {
      cpSync(migrationsFolder, copy, { recursive: true });
      const now = imageKey(copy);
      expect(now).toBe(imageKey(migrationsFolder));
      writeFileSync(path.join(copy, '9999_a-new-one.sql'), 'create table later (id int);');
      expect(imageKey(copy)).not.toBe(now);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
