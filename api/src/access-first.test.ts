/**
 * Every call that names a board checks access before the payload: an outsider's malformed request
 * is 403 (404 for an unknown board), never a validation message about the board's data; a member's
 * is 400. The routes are read from the API's own OpenAPI document, so a new route is covered too.
 */

import { type BoardAction, can } from 'contract/roles';
import { describe, expect, it } from 'vitest';
import { addTask, boardVersion, call, refused, seedBoard, useTestApp } from '../test/fixtures.js';
import { fillPath, type Method, operations } from '../test/routes.js';

const t = useTestApp();

/** Board-scoped operations a malformed request can be made for: the board named, something else wrong. */
async function boardCalls(): Promise<{ method: Method; path: string; body?: object; action: BoardAction }[]> {
  const calls: { method: Method; path: string; body?: object; action: BoardAction }[] = [];
  for (const { method, path, pathParams, bodyFields, action } of await operations(t.app)) {
    const inPath = pathParams.includes('boardId');
    const inBody = bodyFields.includes('boardId');
    // Rejecting an invitation is for invitees, who are not members yet (checked below).
    if ((!inPath && !inBody) || path.startsWith('/api/invite/reject/')) continue;
    const otherParam = pathParams.find((name) => name !== 'boardId');
    // Something to get wrong besides the board: another path id, or the body's other fields.
    if (!otherParam && !(bodyFields.length > 1)) continue;
    calls.push({
      action,
      method,
      path: fillPath(path, (name) => (name === 'boardId' ? ':board' : otherParam ? 'не-число' : `{${name}}`)),
      ...(method !== 'GET' && bodyFields.length > 0 && { body: inBody ? { boardId: ':board' } : {} }),
    });
  }
  return calls;
}

const withBoard = (value: unknown, boardId: number): unknown =>
  typeof value === 'string'
    ? value.replace(':board', String(boardId))
    : Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, v === ':board' ? boardId : v]));

describe('access before payload', () => {
  it('answers an outsider 403, an unknown board 404 and a member 400 on every board call', async () => {
    const b = await seedBoard(t.app);
    const calls = await boardCalls();
    // The walk must find the board's calls: tasks, columns, labels, comments, files, trash, members...
    expect(calls.length).toBeGreaterThan(15);
    for (const { method, path, body, action } of calls) {
      const url = `${withBoard(path, b.id)}`;
      const payload = body && withBoard(body, b.id);
      const outsider = await refused(t.app, b.outsider, method, url, payload);
      expect({ method, path, status: outsider.status }).toEqual({ method, path, status: 403 });
      const removed = await refused(t.app, b.removed, method, url, payload);
      expect({ method, path, status: removed.status }).toEqual({ method, path, status: 403 });
      const unknown = await call(
        t.app,
        b.outsider,
        method,
        withBoard(path, 999_999) as string,
        body && withBoard(body, 999_999),
      );
      expect({ method, path, status: unknown.status }).toEqual({ method, path, status: 404 });
      // A member whose role does not allow the call is refused before the payload too.
      const member = await refused(t.app, b.member, method, url, payload);
      const expected = can('member', action) ? 400 : 403;
      expect({ method, path, status: member.status }).toEqual({ method, path, status: expected });
    }
  });

  it('names the payload field once access is granted', async () => {
    const b = await seedBoard(t.app);
    const outsider = await call(t.app, b.outsider, 'POST', '/api/file/add', { boardId: b.id });
    expect(outsider).toEqual({ status: 403, body: { message: 'Нет доступа' } });
    const member = await call(t.app, b.member, 'POST', '/api/task/create', {
      boardId: b.id,
      columnId: b.columns[0],
    });
    expect(member.status).toBe(400);
    expect(member.body).toHaveProperty('title');
    // Rejecting an invitation is the invitee's call: their malformed request is told what is wrong.
    const invitee = await call(t.app, b.pending, 'DELETE', `/api/invite/reject/${b.id}/abc`);
    expect(invitee.status).toBe(400);
  });

  it('checks access before what a handler reads of a well-formed payload', async () => {
    const b = await seedBoard(t.app);
    const taskId = await addTask(t.app, b);
    const before = await boardVersion(t.db, b.id);
    // Valid in shape, but the link is not one of this board's uploads: only a member is told so.
    const body = {
      boardId: b.id,
      taskId,
      name: 'отчёт.pdf',
      url: 'https://elsewhere.example/report.pdf',
      type: 'application/pdf',
      size: 10,
    };
    const outsider = await call(t.app, b.outsider, 'POST', '/api/file/add', body);
    expect(outsider).toEqual({ status: 403, body: { message: 'Нет доступа' } });
    const member = await call(t.app, b.member, 'POST', '/api/file/add', body);
    expect(member.status).toBe(400);
    expect(member.body).toHaveProperty('url');
    expect(await boardVersion(t.db, b.id)).toBe(before);
  });
});
