import { readFileSync, writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { BoardExport } from './export.js';

const SCHEMA_FILE = new URL('../../docs/export-format.schema.json', import.meta.url);

it("docs/export-format.schema.json is the export's schema (UPDATE_SCHEMA=1 writes it)", () => {
  const schema = { $schema: 'https://json-schema.org/draft/2020-12/schema', ...BoardExport };
  if (process.env.UPDATE_SCHEMA === '1') writeFileSync(SCHEMA_FILE, `${JSON.stringify(schema, null, 2)}\n`);
  expect(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8'))).toEqual(JSON.parse(JSON.stringify(schema)));
});
