/**
 * A Trello board's JSON export ('Menu → Print, export and share → Export as JSON') read into a
 * SourceBoard, streamed (json-sections.ts): lists become columns and cards tasks, both in Trello's
 * `pos` order; closed lists and cards go to the archive; labels take our colour for Trello's colour name
 * (a label without a name is called by its colour, 'Зелёная'); checklists keep their items' order and
 * state; `commentCard` actions become comments (oldest first) with their author's name; attachments,
 * which the export holds as links only, are listed in the description. Custom fields, stickers, votes
 * and covers have no place here and are listed as skipped.
 */
import type { Readable } from 'node:stream';
import type { SourceMember } from 'contract/imports';
import { readJsonSections } from './json-sections.js';
import {
  BrokenSource,
  emptyTask,
  type SourceBoard,
  type SourceChecklist,
  type SourceComment,
  type SourceTask,
} from './source.js';

/** Trello's label colours (and their `_light` / `_dark` variants): our colour and the Russian name. */
const COLOURS: Record<string, { light: string; base: string; dark: string; name: string }> = {
  green: { light: '#baf3db', base: '#4bce97', dark: '#1f845a', name: 'Зелёная' },
  yellow: { light: '#f8e6a0', base: '#f5cd47', dark: '#946f00', name: 'Жёлтая' },
  orange: { light: '#fedec8', base: '#fea362', dark: '#c25100', name: 'Оранжевая' },
  red: { light: '#ffd5d2', base: '#f87168', dark: '#c9372c', name: 'Красная' },
  purple: { light: '#dfd8fd', base: '#9f8fef', dark: '#6e5dc6', name: 'Фиолетовая' },
  blue: { light: '#cce0ff', base: '#579dff', dark: '#0c66e4', name: 'Синяя' },
  sky: { light: '#c6edfb', base: '#6cc3e0', dark: '#227d9b', name: 'Голубая' },
  lime: { light: '#d3f1a7', base: '#94c748', dark: '#5b7f24', name: 'Салатовая' },
  pink: { light: '#fdd0ec', base: '#e774bb', dark: '#ae4787', name: 'Розовая' },
  black: { light: '#dcdfe4', base: '#8590a2', dark: '#626f86', name: 'Чёрная' },
};
const NO_COLOUR = { hex: '#b3bac5', name: 'Без цвета' };

/** Our colour and name for a Trello colour ('green', 'green_dark', 'sky_light' or null). */
export function trelloColour(colour: string | null | undefined): { hex: string; name: string } {
  const [base = '', shade] = (colour ?? '').split('_');
  const known = COLOURS[base];
  if (!known) return NO_COLOUR;
  if (shade === 'dark') return { hex: known.dark, name: `Тёмная ${known.name.toLowerCase()}` };
  if (shade === 'light') return { hex: known.light, name: `Светлая ${known.name.toLowerCase()}` };
  return { hex: known.base, name: known.name };
}

type Json = Record<string, unknown>;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const pos = (value: unknown): number => (typeof value === 'number' ? value : Number(value) || 0);
const byPos = <T extends { pos: number }>(a: T, b: T) => a.pos - b.pos;
const object = (value: unknown): Json => {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new BrokenSource('an element is not an object');
  return value as Json;
};

/** The signs that a JSON document is a Trello board: keys its export writes near the top. */
export const TRELLO_SIGNS = /"(idOrganization|shortLink|labelNames|prefs|idBoard)"\s*:/;

interface Card {
  id: string;
  list: string;
  pos: number;
  task: SourceTask;
  attachments: string[];
}

/** Reads a Trello export; rejects with BrokenSource when it is not one or ends too soon. */
export async function readTrello(source: Readable): Promise<SourceBoard> {
  let name = '';
  const lists: { id: string; name: string; closed: boolean; pos: number }[] = [];
  const cards = new Map<string, Card>();
  const labels: SourceBoard['labels'] = [];
  const checklists: { card: string; pos: number; checklist: SourceChecklist }[] = [];
  const comments: { card: string; comment: SourceComment }[] = [];
  const members = new Map<string, SourceMember>();
  const skipped = { customFields: 0, stickers: 0, votes: 0, covers: 0 };

  await readJsonSections(source, {
    scalars: { name: (value) => (name = text(value)) },
    arrays: {
      lists: (value) => {
        const item = object(value);
        lists.push({
          id: text(item.id),
          name: text(item.name),
          closed: item.closed === true,
          pos: pos(item.pos),
        });
      },
      cards: (value) => {
        const item = object(value);
        const task = emptyTask(text(item.name));
        task.description = text(item.desc);
        task.archived = item.closed === true;
        const due = typeof item.due === 'string' ? new Date(item.due) : null;
        task.dueAt = due && !Number.isNaN(due.getTime()) ? due : null;
        task.dueDone = task.dueAt !== null && item.dueComplete === true;
        task.labels = list(item.idLabels).map(text);
        task.assignees = list(item.idMembers).map(text);
        if (list(item.customFieldItems).length > 0) skipped.customFields += 1;
        if (list(item.stickers).length > 0) skipped.stickers += 1;
        if (list(item.idMembersVoted).length > 0) skipped.votes += 1;
        const cover = item.cover as Json | undefined;
        if (cover && (cover.idAttachment || cover.color || cover.idUploadedBackground)) skipped.covers += 1;
        const attachments = list(item.attachments).map((entry) => {
          const attachment = object(entry);
          return `${text(attachment.name) || text(attachment.url)} — ${text(attachment.url)}`;
        });
        cards.set(text(item.id), {
          id: text(item.id),
          list: text(item.idList),
          pos: pos(item.pos),
          task,
          attachments,
        });
      },
      labels: (value) => {
        const item = object(value);
        const colour = trelloColour(item.color as string | null);
        labels.push({ key: text(item.id), title: text(item.name).trim() || colour.name, color: colour.hex });
      },
      checklists: (value) => {
        const item = object(value);
        const items = list(item.checkItems)
          .map((entry) => {
            const checkItem = object(entry);
            return {
              pos: pos(checkItem.pos),
              text: text(checkItem.name),
              done: checkItem.state === 'complete',
            };
          })
          .sort(byPos)
          .map(({ text, done }) => ({ text, done }));
        checklists.push({
          card: text(item.idCard),
          pos: pos(item.pos),
          checklist: { title: text(item.name), items },
        });
      },
      actions: (value) => {
        const item = object(value);
        if (item.type !== 'commentCard') return;
        const data = (item.data ?? {}) as Json;
        const card = (data.card ?? {}) as Json;
        const creator = (item.memberCreator ?? {}) as Json;
        const author = text(item.idMemberCreator) || null;
        const authorName = text(creator.fullName) || text(creator.username);
        if (author && !members.has(author))
          members.set(author, { id: author, name: authorName, email: null });
        const createdAt = new Date(text(item.date));
        comments.push({
          card: text(card.id),
          comment: {
            author,
            authorName,
            text: text(data.text),
            createdAt: Number.isNaN(createdAt.getTime()) ? new Date(0) : createdAt,
          },
        });
      },
      members: (value) => {
        const item = object(value);
        const id = text(item.id);
        members.set(id, { id, name: text(item.fullName) || text(item.username), email: null });
      },
    },
  });

  for (const { card, pos: _pos, checklist } of checklists.sort(byPos))
    cards.get(card)?.task.checklists.push(checklist);
  // Trello lists actions newest first.
  for (const { card, comment } of comments.reverse()) cards.get(card)?.task.comments.push(comment);

  const columns = lists
    .sort(byPos)
    .map((item) => ({ id: item.id, name: item.name, archived: item.closed, cards: [] as Card[] }));
  const columnOf = new Map(columns.map((column) => [column.id, column]));
  for (const card of cards.values()) columnOf.get(card.list)?.cards.push(card);

  const skippedList: SourceBoard['skipped'] = [];
  const skip = (what: string, count: number) => {
    if (count > 0) skippedList.push({ what, why: `нет на нашей доске: карточек — ${count}` });
  };
  skip('Пользовательские поля', skipped.customFields);
  skip('Наклейки', skipped.stickers);
  skip('Голоса', skipped.votes);
  skip('Обложки', skipped.covers);
  const orphans = [...cards.values()].filter((card) => !columnOf.has(card.list)).length;
  if (orphans > 0)
    skippedList.push({ what: 'Карточки без списка', why: `их список не найден в файле: ${orphans}` });

  return {
    format: 'trello',
    name,
    settings: {},
    members: [...members.values()],
    labels,
    columns: columns.map((column) => ({
      name: column.name,
      archived: column.archived,
      tasks: column.cards.sort(byPos).map(({ task, attachments }) => {
        if (attachments.length > 0) {
          const head = task.description ? `${task.description}\n\n` : '';
          task.description = `${head}Вложения из Trello:\n${attachments.map((line) => `- ${line}`).join('\n')}`;
        }
        return task;
      }),
    })),
    skipped: skippedList,
  };
}
