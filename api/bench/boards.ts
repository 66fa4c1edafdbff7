/**
 * The main page's two calls for a heavy user: GET /api/board for someone on 1,000 boards (~60 KB of
 * JSON) and GET /api/invite with 50 pending invitations, among 20,000 other memberships. Seeded
 * straight into the tables. Asked as browsers ask (Accept-Encoding: gzip, deflate, br) and, for the
 * list, also uncompressed. Target for each: p99 under 25 ms at 50 concurrent connections.
 */
import { sql } from 'kysely';
import { measure, settle, startApp, target, warmUp } from './lib.js';

const BOARDS = 1000;
const INVITATIONS = 50;
const OTHER_USERS = 200;
const OTHER_BOARDS_EACH = 100;

export async function boardsBench(seconds: number): Promise<boolean> {
  const bench = await startApp();
  try {
    const res = await fetch(`${bench.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Бенч',
        email: 'boards-bench@example.com',
        password: 'bench-password',
        password2: 'bench-password',
      }),
    });
    const { token } = (await res.json()) as { token: string };
    const db = bench.app.db;
    const { id: userId } = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'boards-bench@example.com')
      .executeTakeFirstOrThrow();

    const started = Date.now();
    await sql`
      insert into users (name, email, password_hash)
      select 'Другой ' || g, 'other' || g || '@example.com', 'x' from generate_series(1, ${OTHER_USERS}) g
    `.execute(db);
    // Other users' boards, each with its creator and the bench user's neighbours as members.
    await sql`
      with made as (
        insert into boards (name, created_by)
        select 'Чужая доска ' || g, u.id
        from users u cross join generate_series(1, ${OTHER_BOARDS_EACH}) g
        where u.id <> ${userId}
        returning id, created_by
      )
      insert into board_members (board_id, user_id, accepted, accepted_at)
      select id, created_by, true, now() from made
    `.execute(db);
    // The bench user's own boards, with names in no particular order.
    await sql`
      with made as (
        insert into boards (name, color, created_by)
        select (array['Маркетинг', 'Разработка', 'Дизайн', 'Продажи', 'Поддержка', 'Ремонт', 'Отпуск'])[1 + g % 7]
          || ' ' || (g * 7919) % 1000, '#f4f5f7', ${userId}
        from generate_series(1, ${BOARDS}) g
        returning id
      )
      insert into board_members (board_id, user_id, accepted, accepted_at)
      select id, ${userId}, true, now() from made
    `.execute(db);
    // Pending invitations to other users' boards.
    await sql`
      insert into board_members (board_id, user_id, accepted)
      select id, ${userId}, false from boards where created_by <> ${userId} order by id limit ${INVITATIONS}
    `.execute(db);
    await sql`analyze`.execute(db);
    console.log(`seeded ${BOARDS} boards and ${INVITATIONS} invitations in ${Date.now() - started} ms`);

    const plain = { authorization: `Bearer ${token}` };
    const browser = { ...plain, 'accept-encoding': 'gzip, deflate, br' };
    let allMet = true;
    // The cheapest authenticated call, for comparison: the machine's floor at this concurrency.
    const floor = { title: 'GET /api/auth/user (floor)', url: `${bench.url}/api/auth/user`, headers: plain };
    await warmUp({ ...floor, connections: 50, seconds });
    await measure({ ...floor, connections: 50, seconds });
    for (const [title, path, headers] of [
      [`GET /api/board (${BOARDS} boards, br)`, '/api/board', browser],
      [`GET /api/board?sort=byNameASC (${BOARDS} boards, br)`, '/api/board?sort=byNameASC', browser],
      [`GET /api/board (${BOARDS} boards, uncompressed)`, '/api/board', plain],
      [`GET /api/invite (${INVITATIONS} invitations, br)`, '/api/invite', browser],
    ] as const) {
      const run = { title, url: `${bench.url}${path}`, headers, connections: 50, seconds };
      await warmUp(run);
      allMet = target(await measure(run), 0, 25) && allMet;
    }
    // Requests still in flight when the last run stops must finish before the database goes.
    await settle(1000);
    return allMet;
  } finally {
    await bench.close();
  }
}
