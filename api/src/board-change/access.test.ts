import { describe, expect, it } from 'vitest';
import { boardVersion, seedBoard as seedTestBoard, useTestApp } from '../../test/fixtures.js';
import { requireBoardAccess, requireBoardMember, withBoardLock } from './access.js';
import { changeBoard } from './change-board.js';

const t = useTestApp();

/** A seeded board with the ids of its users in every standing. */
async function seedBoard() {
  const b = await seedTestBoard(t.app);
  return {
    boardId: b.id,
    creator: b.creator.id,
    member: b.member.id,
    pending: b.pending.id,
    removed: b.removed.id,
    outsider: b.outsider.id,
  };
}

describe('board access', () => {
  it('lets accepted members read and only the creator administer', async () => {
    const b = await seedBoard();
    await expect(requireBoardMember(t.app, b.boardId, b.creator)).resolves.toEqual({
      createdBy: b.creator,
      isCreator: true,
      role: 'owner',
      version: 0,
    });
    await expect(requireBoardMember(t.db, b.boardId, b.member)).resolves.toMatchObject({ isCreator: false });
    for (const user of [b.pending, b.removed, b.outsider]) {
      await expect(requireBoardMember(t.db, b.boardId, user)).rejects.toMatchObject({ statusCode: 403 });
    }
    await expect(requireBoardAccess(t.db, b.boardId, b.creator, 'manage')).resolves.toMatchObject({
      isCreator: true,
    });
    await expect(requireBoardAccess(t.db, b.boardId, b.member, 'manage')).rejects.toMatchObject({
      statusCode: 403,
      body: { message: 'Недостаточно прав' },
    });
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
    expect(await boardVersion(t.db, b.boardId)).toBe(1);
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
    expect(await boardVersion(t.db, b.boardId)).toBe(8);
  });

  it('checks access under the lock and changes nothing when refused', async () => {
    const b = await seedBoard();
    for (const [userId, action] of [
      [b.outsider, 'edit'],
      [b.removed, 'edit'],
      [b.member, 'manage'],
    ] as const) {
      await expect(
        changeBoard(t.app, { boardId: b.boardId, userId, action, change: 'board' }, async () => 1),
      ).rejects.toMatchObject({ statusCode: 403 });
    }
    expect(await boardVersion(t.db, b.boardId)).toBe(0);
  });
});
