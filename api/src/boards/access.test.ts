import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, register, type TestApp } from '../../test/helpers.js';
import { changeBoard, requireBoardCreator, requireBoardMember, withBoardLock } from './access.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function userId(email: string) {
  const row = await t.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function seedBoard() {
  const creator = await userId((await register(t.app)).email);
  const member = await userId((await register(t.app)).email);
  const pending = await userId((await register(t.app)).email);
  const removed = await userId((await register(t.app)).email);
  const outsider = await userId((await register(t.app)).email);
  const { id: boardId } = await t.db
    .insertInto('boards')
    .values({ name: 'Доска', created_by: creator })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('board_members')
    .values([
      { board_id: boardId, user_id: creator, accepted: true },
      { board_id: boardId, user_id: member, accepted: true },
      { board_id: boardId, user_id: pending, accepted: false },
      { board_id: boardId, user_id: removed, accepted: true, is_deleted: true },
    ])
    .execute();
  return { boardId, creator, member, pending, removed, outsider };
}

const version = async (boardId: number) =>
  Number(
    (await t.db.selectFrom('boards').select('version').where('id', '=', boardId).executeTakeFirstOrThrow())
      .version,
  );

describe('board access', () => {
  it('lets accepted members read and only the creator administer', async () => {
    const b = await seedBoard();
    await expect(requireBoardMember(t.app, b.boardId, b.creator)).resolves.toEqual({
      createdBy: b.creator,
      isCreator: true,
      version: 0,
    });
    await expect(requireBoardMember(t.db, b.boardId, b.member)).resolves.toMatchObject({ isCreator: false });
    for (const user of [b.pending, b.removed, b.outsider]) {
      await expect(requireBoardMember(t.db, b.boardId, user)).rejects.toMatchObject({ statusCode: 403 });
    }
    await expect(requireBoardCreator(t.db, b.boardId, b.creator)).resolves.toMatchObject({ isCreator: true });
    await expect(requireBoardCreator(t.db, b.boardId, b.member)).rejects.toMatchObject({ statusCode: 403 });
    await expect(requireBoardMember(t.db, 999_999, b.creator)).rejects.toMatchObject({
      statusCode: 404,
      body: { message: 'Не найдено' },
    });
  });

  it('bumps the version once per change and rolls the bump back with a failed change', async () => {
    const b = await seedBoard();
    const first = await withBoardLock(t.db, b.boardId, async (_trx, v) => v);
    expect(first).toEqual({ value: 1, version: 1 });
    await expect(
      withBoardLock(t.db, b.boardId, async (trx) => {
        await trx.updateTable('boards').set({ name: 'Другое' }).where('id', '=', b.boardId).execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await version(b.boardId)).toBe(1);
    await expect(withBoardLock(t.db, 999_999, async () => 1)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('serialises concurrent changes to one board', async () => {
    const b = await seedBoard();
    const versions = await Promise.all(
      Array.from({ length: 8 }, () =>
        changeBoard(t.app, { boardId: b.boardId, userId: b.member, change: 'board' }, async (_trx, v) => v),
      ),
    );
    expect(versions.sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await version(b.boardId)).toBe(8);
  });

  it('checks access under the lock and changes nothing when refused', async () => {
    const b = await seedBoard();
    for (const [userId, role] of [
      [b.outsider, 'member'],
      [b.removed, 'member'],
      [b.member, 'creator'],
    ] as const) {
      await expect(
        changeBoard(t.app, { boardId: b.boardId, userId, role, change: 'board' }, async () => 1),
      ).rejects.toMatchObject({ statusCode: 403 });
    }
    expect(await version(b.boardId)).toBe(0);
  });
});
