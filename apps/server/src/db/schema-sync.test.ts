import { readFile } from 'node:fs/promises';
import { generateDrizzleJson, generateMigration, type DrizzleSnapshotJSON } from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import { defaultMigrationsFolder } from './client.ts';
import * as schema from './schema/index.ts';

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** The snapshot drizzle-kit wrote with the newest committed migration. */
async function latestSnapshot(): Promise<DrizzleSnapshotJSON> {
  const folder = defaultMigrationsFolder();
  const journal = JSON.parse(await readFile(`${folder}/meta/_journal.json`, 'utf8')) as Journal;
  const last = journal.entries.at(-1)!;
  const snapshotFile = `${folder}/meta/${String(last.idx).padStart(4, '0')}_snapshot.json`;
  return JSON.parse(await readFile(snapshotFile, 'utf8')) as DrizzleSnapshotJSON;
}

describe('committed migrations', () => {
  it('match the schema: a schema change without `drizzle-kit generate` fails here', async () => {
    const previous = await latestSnapshot();
    const current = generateDrizzleJson(schema, previous.id, undefined, 'snake_case');
    expect(await generateMigration(previous, current)).toEqual([]);
  });

  it('would report a table missing from the migrations', async () => {
    const previous = await latestSnapshot();
    const withoutWebhooks = structuredClone(previous) as DrizzleSnapshotJSON & {
      tables: Record<string, unknown>;
    };
    delete withoutWebhooks.tables['public.webhooks'];
    const current = generateDrizzleJson(schema, previous.id, undefined, 'snake_case');
    const statements = await generateMigration(withoutWebhooks, current);
    expect(statements.some((s) => s.includes('CREATE TABLE "webhooks"'))).toBe(true);
  });
});
