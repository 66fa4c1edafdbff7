import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Board } from 'contract';
import {
  type BoardFilter,
  CreateBoard,
  DEFAULT_BOARD_COLOR,
  DeleteBoard,
  EditBoard,
  GetBoard,
  ListBoards,
  ListDeletedBoards,
  MESSAGES,
  RestoreBoard,
  type Sort,
} from 'contract/boards';
import {
  CALENDAR_MAX_DAYS,
  CALENDAR_MESSAGES,
  GetCalendarTasks,
  UNDATED_LIMIT,
} from 'contract/calendar-view';
import { dueConditions, type Interval, isTimeZone, localInstant } from 'contract/due-window';
import { MESSAGES as TEMPLATE_MESSAGES } from 'contract/templates';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireBoardMember } from '../board-change/access.js';
import { findListsVersion } from '../board-change/access-repository.js';
import { fieldChanges, insertActivity } from '../board-change/activity.js';
import { changeBoard } from '../board-change/change-board.js';
import { saveVersioned } from '../board-change/revisions.js';
import { forbidden, HttpError, notFound } from '../errors.js';
import { loadMembers } from '../members/index.js';
import { cacheOf, sendCached } from '../plugins/versioned-cache.js';
import { normalize } from '../schemas.js';
import { loadBoard, loadCalendar } from './detail.js';
import { liveBoardsOf } from './live-board.js';
import {
  createBoard,
  deleteBoard,
  findBoardSettings,
  listBoards,
  listDeletedBoards,
  restoreBoard,
  updateBoard,
} from './repository.js';

/**
 * The same filter however its values are ordered or repeated; null when the answer must not be kept.
 * `today` and `week` are keyed by their window as instants (not by the zone's name), so the answer
 * changes with the viewer's day and is shared by every zone with the same day. `overdue` depends on
 * the very instant asked: such answers are built for each request (a filtered view, read rarely:
 * the page follows patches) rather than kept a minute stale.
 */
function filterKey(filter: BoardFilter, now: Date): string | null {
  const ids = (values: number[] = []) => [...new Set(values)].sort((a, b) => a - b).join(',');
  const texts = (values: string[] = []) => [...new Set(values)].sort().join('\u0000');
  const terms = (filter.search ?? []).map((term) => term.trim()).filter(Boolean);
  const due = dueConditions(filter, now) ?? [];
  if (due.some((condition) => condition.kind === 'overdue')) return null;
  const key = [ids(filter.assignee), ids(filter.label), texts(filter.priority), texts(terms)];
  return JSON.stringify(due.length > 0 ? [...key, due] : key);
}

const UNFILTERED = filterKey({}, new Date(0));

const DAY = 86_400_000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A range end: a date is its midnight in `tz` (UTC when absent); null for a date that does not exist. */
function rangeEnd(value: string, tz: string | undefined): number | null {
  const date = DATE_ONLY.exec(value);
  if (!date) {
    const at = Date.parse(value);
    return Number.isNaN(at) || new Date(at).getUTCFullYear() > 9999 ? null : at;
  }
  const [year, month, day] = [Number(date[1]), Number(date[2]) - 1, Number(date[3])];
  const check = new Date(Date.UTC(year, month, day));
  if (check.getUTCMonth() !== month || check.getUTCDate() !== day) return null;
  return localInstant(tz ?? '+00:00', [year, month, day]);
}

/**
 * The calendar call's [from, to) as instants, or 400 naming the field: `to` after `from`, at most
 * CALENDAR_MAX_DAYS days apart (an hour more for a clock change inside the range).
 */
function calendarRange(query: { from: string; to: string; tz?: string }): Interval {
  const start = rangeEnd(query.from, query.tz);
  const end = rangeEnd(query.to, query.tz);
  const errors: Record<string, string> = {};
  if (start === null) errors.from = CALENDAR_MESSAGES.from;
  if (end === null) errors.to = CALENDAR_MESSAGES.to;
  if (start !== null && end !== null) {
    if (end <= start) errors.to = CALENDAR_MESSAGES.order;
    else if (end - start > CALENDAR_MAX_DAYS * DAY + 3_600_000) errors.to = CALENDAR_MESSAGES.tooLong;
  }
  if (Object.keys(errors).length > 0) throw new HttpError(400, errors);
  return { start: start as number, end: end as number };
}

/**
 * How many tasks a board's answer holds (`x-board-tasks`), readable before its body: the page starts
 * loading what a big board needs (its drag and drop) while the body is still on its way.
 */
const taskCountHeader = (board: Board) => ({ 'x-board-tasks': String(Object.keys(board.tasks).length) });

const fingerprint = (value: unknown) => createHash('sha1').update(JSON.stringify(value)).digest('base64');

/**
 * Makes a board from a template in one transaction (templates/, given by app.ts, so that boards do not
 * depend on the domains a template's board is written with): its id, or null for an unknown template.
 */
export type FromTemplate = (
  app: FastifyInstance,
  userId: number,
  templateId: string,
  board: { name: string; color?: string },
) => Promise<number | null>;

const boardRoutes: FastifyPluginAsyncTypebox<{ fromTemplate?: FromTemplate }> = async (
  app,
  { fromTemplate },
) => {
  const lists = cacheOf(app.db, 'lists');
  const boards = cacheOf(app.db, 'boards', 64 * 1024 * 1024);
  const live = liveBoardsOf(app.db);
  // Changes committed by the other instances carry the boards held here forward too.
  app.realtime.onPeerUpdate((update) => live.advance(update));
  /**
   * Answers the caller's board list, from memory while their lists are unchanged. A read uses the
   * version the auth hook loaded with the session; after a change the version is read again.
   */
  const sendBoardList = async (
    request: FastifyRequest,
    reply: FastifyReply,
    sort: Sort = 'default',
    changed = true,
  ) => {
    const userId = request.user.id;
    const version = changed ? await findListsVersion(app.db, userId) : request.listsVersion;
    return sendCached(lists, request, reply, {
      owner: userId,
      version,
      key: `boards:${sort}`,
      build: () => listBoards(app.db, userId, sort),
    });
  };

  app.get('/', { schema: ListBoards }, async (request, reply) =>
    sendBoardList(request, reply, request.query.sort, false),
  );

  app.post(
    '/',
    { schema: CreateBoard, preValidation: normalize({ name: 'trim', color: 'lower' }) },
    async (request, reply) => {
      const { name, color, sort, templateId } = request.body;
      if (templateId === undefined)
        await createBoard(app.db, request.user.id, { name, color: color ?? DEFAULT_BOARD_COLOR });
      else if (
        !fromTemplate ||
        (await fromTemplate(app, request.user.id, templateId, { name, color })) === null
      )
        throw new HttpError(400, { templateId: TEMPLATE_MESSAGES.unknown });
      return sendBoardList(request, reply, sort);
    },
  );

  // Each version of a board (per filter) is built once. Names and avatars change without a board
  // change: the members are read every time and their fingerprint is part of the key. The whole board
  // after a change made here comes from the held board carried forward by the change's patch.
  // The calendar view's tasks (contract/calendar-view.ts): access first, then the range and zone.
  app.get('/:boardId/calendar', { schema: GetCalendarTasks }, async (request) => {
    const { boardId } = request.params;
    await requireBoardMember(app, boardId, request.user.id);
    const { from, to, tz, ...filter } = request.query;
    if (tz !== undefined && !isTimeZone(tz)) throw new HttpError(400, { tz: CALENDAR_MESSAGES.tz });
    const range = calendarRange({ from, to, tz });
    const calendar = await loadCalendar(app.db, boardId, { ...filter, tz }, range, UNDATED_LIMIT);
    if (!calendar) throw notFound();
    return calendar;
  });

  app.get('/:boardId', { schema: GetBoard }, async (request, reply) => {
    const { boardId } = request.params;
    const { tz } = request.query;
    if (tz !== undefined && !isTimeZone(tz)) throw new HttpError(400, { tz: MESSAGES.tz });
    const now = new Date();
    const { version } = await requireBoardMember(app, boardId, request.user.id);
    const filter = filterKey(request.query, now);
    if (filter === null) {
      const board = await loadBoard(app.db, boardId, request.query, now);
      if (!board) throw notFound();
      return reply.headers(taskCountHeader(board)).send(board);
    }
    const members = await loadMembers(app.db, boardId);
    const whole = filter === UNFILTERED;
    const key = `${filter}|${fingerprint(members)}`;
    return sendCached(boards, request, reply, {
      owner: boardId,
      version,
      key,
      // Weak: the same board at the same version and filter, whatever the encoding.
      etag: `W/"${boardId}-${version}-${fingerprint(key).slice(0, 16)}"`,
      build: async () => {
        if (whole) {
          const held = live.get(boardId, version);
          if (held) return { ...held, members };
        }
        const board = await loadBoard(app.db, boardId, request.query, now);
        if (!board) throw notFound(); // deleted between the check and the read
        if (whole) live.set(board);
        return board;
      },
      headers: taskCountHeader,
    });
  });

  app.put(
    '/edit/:boardId',
    {
      schema: EditBoard,
      preValidation: normalize({ name: 'trim', color: 'lower' }),
    },
    async (request, reply) => {
      const { boardId } = request.params;
      const userId = request.user.id;
      const { version: formVersion, ...mine } = request.body;
      await changeBoard(
        app,
        { boardId, userId, change: 'board', reply },
        async (trx, version, _board, changes) => {
          const current = (await findBoardSettings(trx, boardId))!;
          // `version` here is the board's: its settings are kept under the board version they changed at.
          const save = await saveVersioned(trx, {
            entity: 'board',
            entityId: boardId,
            version: formVersion,
            current,
            mine,
            message: MESSAGES.conflict,
            current409: () => ({ board: current }),
          });
          changes.boardSettings();
          if (!save.changed) return;
          await updateBoard(trx, boardId, save.fields, version, userId);
          const edited = fieldChanges(current, save.fields, [
            'name',
            'color',
            'showIdsMode',
            'showTotalColumnEstimation',
          ]);
          if (edited.length > 0) changes.record('board.edited', { data: { changes: edited } });
        },
      );
      return sendBoardList(request, reply);
    },
  );

  // Members' pages leave the board on 'deleted'; its rows and files stay, for its creator to restore
  // within TRASH_DAYS, until the nightly purge (trash/purge.ts).
  app.delete('/:boardId', { schema: DeleteBoard }, async (request, reply) => {
    const { boardId } = request.params;
    const userId = request.user.id;
    await changeBoard(app, { boardId, userId, action: 'manage', change: 'deleted' }, async (trx) =>
      deleteBoard(trx, boardId, userId),
    );
    return sendBoardList(request, reply);
  });

  app.get('/deleted', { schema: ListDeletedBoards }, async (request) =>
    listDeletedBoards(app.db, request.user.id),
  );

  // Not through changeBoard: its lock refuses a deleted board, as every other change must.
  app.post('/:boardId/restore', { schema: RestoreBoard }, async (request, reply) => {
    const { boardId } = request.params;
    const userId = request.user.id;
    await app.db.transaction().execute(async (trx) => {
      const board = await restoreBoard(trx, boardId);
      if (!board) throw notFound();
      if (board.createdBy !== userId) throw forbidden();
      await insertActivity(trx, boardId, userId, [{ kind: 'board.restored' }]);
    });
    return sendBoardList(request, reply);
  });
};

export default boardRoutes;
