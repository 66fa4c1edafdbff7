/**
 * A CSV of tasks read into a SourceBoard: a header row with Russian or English names (Название/Title
 * is required), separator `,`, `;` or tab and encoding UTF-8 (with or without BOM) or Windows-1251
 * (what Russian Excel writes), all detected; quoted fields may hold line breaks (csv-parse). Columns
 * are made in order of first appearance; a row without a title is skipped and named by its line.
 * Our own CSV export (export/board-export.ts) reads back: its 'Выполнено' and 'В архиве' are known too.
 */
import { Readable } from 'node:stream';
import { localInstant } from 'contract/due-window';
import { PRIORITIES, PRIORITY_VALUES, type PriorityValue } from 'contract/tasks';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { BrokenSource, emptyTask, type SourceBoard, type SourceColumn, type SourceTask } from './source.js';

type Field =
  | 'title'
  | 'description'
  | 'column'
  | 'labels'
  | 'due'
  | 'done'
  | 'priority'
  | 'estimation'
  | 'assignees'
  | 'archived';

/** Header names (lower case) of each field. */
const HEADERS: Record<Field, readonly string[]> = {
  title: ['название', 'title', 'заголовок', 'задача', 'name', 'task'],
  description: ['описание', 'description'],
  column: ['колонка', 'column', 'list', 'status', 'статус', 'список'],
  labels: ['метки', 'labels', 'tags', 'теги'],
  due: ['срок', 'due', 'due date'],
  done: ['выполнено', 'done'],
  priority: ['приоритет', 'priority'],
  estimation: ['оценка', 'estimation', 'estimate'],
  assignees: ['исполнители', 'assignees'],
  archived: ['в архиве', 'archived'],
};
const FIELD_OF = new Map(
  Object.entries(HEADERS).flatMap(([field, names]) => names.map((name) => [name, field as Field])),
);

/** The column tasks go to when the file has no column field (or the row leaves it empty). */
export const DEFAULT_COLUMN = 'Задачи';

/** Label colours given in turn, as the file has none. */
const LABEL_COLOURS = [
  '#4bce97',
  '#579dff',
  '#f5cd47',
  '#fea362',
  '#f87168',
  '#9f8fef',
  '#6cc3e0',
  '#e774bb',
];

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** The file's text: UTF-8 when it has a BOM or decodes as UTF-8, else Windows-1251. */
export function decodeText(bytes: Buffer): string {
  if (bytes.subarray(0, 3).equals(UTF8_BOM)) return bytes.subarray(3).toString('utf8');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return iconv.decode(bytes, 'win1251');
  }
}

/** The separator the first line uses most, outside quotes: `,`, `;` or tab. */
export function detectSeparator(text: string): string {
  const counts = new Map([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  return [...counts].reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
}

const normalHeader = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

/** The fields of a header row; null when it has no title column (then it is no task list). */
export function csvFields(header: string[]): (Field | null)[] | null {
  const fields = header.map((name) => FIELD_OF.get(normalHeader(name)) ?? null);
  return fields.includes('title') ? fields : null;
}

/** Whether the text starts with a header row naming a title column. */
export function looksLikeCsv(text: string): boolean {
  const line = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const separator = detectSeparator(line);
  return csvFields(line.split(separator).map((name) => name.replace(/^"|"$/g, ''))) !== null;
}

const PRIORITY_OF = new Map<string, PriorityValue>([
  ...PRIORITIES.map((priority) => [priority.label.toLowerCase(), priority.value] as const),
  ...PRIORITY_VALUES.map((value) => [value, value] as const),
]);

const RUSSIAN_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:[ T]+(\d{1,2}):(\d{2}))?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

/** 'ДД.ММ.ГГГГ [ЧЧ:ММ]' in `tz` (a day without a time is due at its end, 23:59) or ISO 8601; null when neither. */
export function readDue(value: string, tz: string): Date | null {
  const russian = RUSSIAN_DATE.exec(value);
  if (russian) {
    const [day, month, year] = [Number(russian[1]), Number(russian[2]), Number(russian[3])];
    if (month < 1 || month > 12 || day < 1 || day > 31) return null;
    const timed = russian[4] !== undefined;
    const at = localInstant(tz, [
      year,
      month - 1,
      day,
      timed ? Number(russian[4]) : 23,
      timed ? Number(russian[5]) : 59,
    ]);
    return at === null ? null : new Date(at);
  }
  if (!ISO_DATE.test(value)) return null;
  // An ISO date without a zone is the writer's local time too.
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?$/.exec(value);
  if (match) {
    const at = localInstant(tz, [
      Number(match[1]),
      Number(match[2]) - 1,
      Number(match[3]),
      match[4] === undefined ? 23 : Number(match[4]),
      match[5] === undefined ? 59 : Number(match[5]),
    ]);
    return at === null ? null : new Date(at);
  }
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

const YES = new Set(['да', 'yes', 'true', '1', 'x', '+']);
const splitList = (value: string) =>
  value
    .split(/[,;\n]/)
    .map((item) => item.trim())
    .filter(Boolean);

/** Yields the text in pieces, so parsing a large file gives way to other requests between them. */
function* pieces(text: string, size = 64 * 1024) {
  for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
}

/** Reads a CSV file's bytes; `tz` is the zone of dates written without one; `name` the board's. */
export async function readCsv(
  bytes: Buffer,
  { name, tz }: { name: string; tz: string },
): Promise<SourceBoard> {
  const text = decodeText(bytes);
  const parser = Readable.from(pieces(text)).pipe(
    parse({ delimiter: detectSeparator(text), relax_column_count: true, info: true, trim: false }),
  );
  const columns = new Map<string, SourceColumn>();
  const labels = new Map<string, string>();
  const members = new Map<string, SourceBoard['members'][number]>();
  const skipped: SourceBoard['skipped'] = [];
  let fields: (Field | null)[] | null = null;
  let lastLine = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      const line = lastLine + 1;
      lastLine = info.lines;
      if (record.every((value) => value.trim() === '')) continue;
      if (!fields) {
        fields = csvFields(record);
        if (!fields) throw new BrokenSource('no title column');
        continue;
      }
      const row: Partial<Record<Field, string>> = {};
      fields.forEach((field, index) => {
        if (field && row[field] === undefined) row[field] = (record[index] ?? '').trim();
      });
      if (!row.title) {
        skipped.push({ what: `Строка ${line}`, why: 'нет названия' });
        continue;
      }
      const task: SourceTask = emptyTask(row.title);
      task.description = record[fields.indexOf('description')] ?? '';
      task.estimation = row.estimation ?? '';
      if (row.priority) {
        task.priority = PRIORITY_OF.get(row.priority.toLowerCase()) ?? null;
        if (!task.priority)
          skipped.push({ what: `Строка ${line}: приоритет`, why: `неизвестный приоритет «${row.priority}»` });
      }
      if (row.due) {
        task.dueAt = readDue(row.due, tz);
        if (!task.dueAt) skipped.push({ what: `Строка ${line}: срок`, why: `не дата: «${row.due}»` });
      }
      task.dueDone = task.dueAt !== null && YES.has((row.done ?? '').toLowerCase());
      task.archived = YES.has((row.archived ?? '').toLowerCase());
      for (const title of splitList(row.labels ?? '')) {
        if (!labels.has(title)) labels.set(title, LABEL_COLOURS[labels.size % LABEL_COLOURS.length]!);
        if (!task.labels.includes(title)) task.labels.push(title);
      }
      for (const email of splitList((row.assignees ?? '').toLowerCase())) {
        if (!members.has(email)) members.set(email, { id: email, name: email, email });
        if (!task.assignees.includes(email)) task.assignees.push(email);
      }
      const columnName = row.column || DEFAULT_COLUMN;
      let column = columns.get(columnName);
      if (!column) {
        column = { name: columnName, archived: false, tasks: [] };
        columns.set(columnName, column);
      }
      column.tasks.push(task);
    }
  } catch (err) {
    if (err instanceof BrokenSource) throw err;
    throw new BrokenSource((err as Error).message);
  }
  if (!fields) throw new BrokenSource('no header row');
  return {
    format: 'csv',
    name,
    settings: {},
    members: [...members.values()],
    labels: [...labels].map(([title, color]) => ({ key: title, title, color })),
    columns: [...columns.values()],
    skipped,
  };
}
