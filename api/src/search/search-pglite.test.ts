/** The search on embedded PGlite: the same migration (pg_trgm, unaccent) and the same query. */
import { MARK_END, MARK_START, type SearchResults } from 'contract/search';
import { describe, expect, it } from 'vitest';
import { addTask, call, seedBoard, useTestApp } from '../../test/fixtures.js';

const t = useTestApp({}, { pglite: true });

const marked = (word: string) => `${MARK_START}${word}${MARK_END}`;

describe('GET /api/search on PGlite', { timeout: 90_000 }, () => {
  it('finds word forms, a typo and a phrase, and pages', async () => {
    const b = await seedBoard(t.app);
    const task = await addTask(t.app, b, b.columns[0], { title: 'Задача про квартальный отчёт' });
    const other = await addTask(t.app, b, b.columns[0], { title: 'Отчёт не квартальный' });
    const find = async (q: string, extra = '') => {
      const res = await call<SearchResults>(
        t.app,
        b.member,
        'GET',
        `/api/search?q=${encodeURIComponent(q)}${extra}`,
      );
      expect(res.status).toBe(200);
      return res.body;
    };

    expect((await find('задачи')).items).toMatchObject([
      { kind: 'task', taskId: task, fragment: `${marked('Задача')} про квартальный отчёт` },
    ]);
    expect((await find('задча')).items).toMatchObject([{ taskId: task }]);
    expect((await find('"квартальный отчет"')).items).toMatchObject([
      { taskId: task, fragment: `Задача про ${marked('квартальный')} ${marked('отчёт')}` },
    ]);
    const first = await find('квартальный', '&limit=1');
    expect(first.items).toHaveLength(1);
    const second = await find('квартальный', `&limit=1&cursor=${first.next}`);
    expect(second.next).toBeUndefined();
    expect(new Set([...first.items, ...second.items].map((hit) => hit.taskId))).toEqual(
      new Set([task, other]),
    );
  });
});
