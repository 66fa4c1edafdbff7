/**
 * Which format a file is, from its first bytes, and reading it whole into a SourceBoard. A JSON
 * object is our export when its first key says so, Trello's when it has the keys Trello's export
 * writes at its top; anything else is a CSV when its first line names a title column.
 */
import type { Readable } from 'node:stream';
import type { ImportFormat } from 'contract/imports';
import { decodeText, looksLikeCsv, readCsv } from './csv.js';
import { KANBAN_SIGN, readKanban } from './kanban.js';
import type { SourceBoard } from './source.js';
import { readTrello, TRELLO_SIGNS } from './trello.js';

/** How much of a file its format is told from. */
export const SNIFF_BYTES = 64 * 1024;

export function detectFormat(head: Buffer): ImportFormat | null {
  const text = head.toString('latin1').replace(/^\xEF\xBB\xBF/, '');
  if (text.trimStart().startsWith('{')) {
    if (KANBAN_SIGN.test(text)) return 'kanban';
    return TRELLO_SIGNS.test(text) ? 'trello' : null;
  }
  // The head may end inside a character: only its first line is read.
  const firstLine = head.subarray(0, Math.max(head.indexOf(0x0a), 0) || head.length);
  return looksLikeCsv(decodeText(firstLine)) ? 'csv' : null;
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export interface ReadOptions {
  /** The uploaded file's name: a CSV's board is called by it. */
  fileName: string;
  /** The zone of dates written without one. */
  tz: string;
}

/** Reads the file in its format; rejects with BrokenSource when it is not that or is cut short. */
export async function readSource(
  format: ImportFormat,
  stream: Readable,
  { fileName, tz }: ReadOptions,
): Promise<SourceBoard> {
  if (format === 'trello') return readTrello(stream);
  const bytes = await bytesOf(stream);
  if (format === 'kanban') return readKanban(bytes);
  return readCsv(bytes, { name: fileName.replace(/\.[^.]*$/, ''), tz });
}
