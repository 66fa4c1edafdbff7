/**
 * Ids in paths and query strings are positive integers written as digits, or the call is a
 * field-keyed 400: never a 500 from SQL ('Infinity', '1e309') and never another item ('0x10' is not
 * 16). Every documented route is walked with each odd value in each id position, as a member.
 */
import { describe, expect, it } from 'vitest';
import { call, seedBoard, useTestApp } from '../test/fixtures.js';
import { fillPath, operations } from '../test/routes.js';

const t = useTestApp();

const ODD = [
  'Infinity',
  '-Infinity',
  '1e309',
  'NaN',
  '9007199254740993',
  '0x10',
  '1e3',
  '+7',
  ' 7',
  '7.0',
  '-1',
  '0',
];

describe('odd ids', () => {
  // As the owner, whom every route lets through to its payload.
  it('answers every route a field-keyed 400 for an odd id in the path or the query', async () => {
    const b = await seedBoard(t.app);
    const task = await call(t.app, b.member, 'POST', '/api/task/create', {
      boardId: b.id,
      columnId: b.columns[0],
      title: 'Задача',
    });
    const real: Record<string, string> = {
      boardId: String(b.id),
      taskId: task.body.id,
      columnId: b.columns[0]!,
    };
    const seen: string[] = [];
    for (const op of await operations(t.app)) {
      const idParams = op.pathParams.filter((name) => name.endsWith('Id') || name === 'id');
      const idQueries = op.queryParams.filter(
        (q) => q.type === 'integer' && (q.name.endsWith('Id') || q.name === 'id' || q.name === 'before'),
      );
      for (const odd of ODD) {
        for (const param of idParams) {
          // A cancelled invitation of an address without an account has a negative id.
          if (Number(odd) <= 0 && (op.minimum[param] ?? 1) <= Number(odd)) continue;
          const url = fillPath(op.path, (name) =>
            encodeURIComponent(name === param ? odd : (real[name] ?? '1')),
          );
          const res = await call(t.app, b.creator, op.method, url, op.method === 'GET' ? undefined : {});
          seen.push(`${op.method} ${op.path}`);
          expect({ url, status: res.status }).toEqual({ url, status: 400 });
          expect(Object.values(res.body as object).every((v) => typeof v === 'string')).toBe(true);
        }
        for (const query of idQueries) {
          const path = fillPath(op.path, (name) => real[name] ?? '1');
          const url = `${path}?${query.name}=${encodeURIComponent(odd)}`;
          const res = await call(t.app, b.creator, op.method, url);
          seen.push(`${op.method} ${op.path}`);
          expect({ url, status: res.status }).toEqual({ url, status: 400 });
        }
      }
    }
    // Tasks, columns, labels, comments, files, checklists, members, invitations, trash...
    expect(new Set(seen).size).toBeGreaterThan(20);
  });
});
