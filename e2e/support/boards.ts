import { type APIRequestContext, expect } from '@playwright/test';
import type { Account } from './accounts';

const auth = (account: Account) => ({ authorization: `Bearer ${account.token}` });

/** Creates a board through the API and returns its id. */
export async function createBoard(request: APIRequestContext, owner: Account, name: string): Promise<number> {
  const response = await request.post('/api/board', { data: { name }, headers: auth(owner) });
  expect(response.status()).toBe(200);
  const boards = (await response.json()) as { id: number; name: string }[];
  return Math.max(...boards.filter((board) => board.name === name).map((board) => board.id));
}

export async function invite(request: APIRequestContext, owner: Account, boardId: number, email: string) {
  const response = await request.post('/api/invite/send', { data: { boardId, email }, headers: auth(owner) });
  expect(response.status()).toBe(200);
}

/** Invites `member` and accepts the invitation on their behalf. */
export async function addMember(
  request: APIRequestContext,
  owner: Account,
  boardId: number,
  member: Account,
) {
  await invite(request, owner, boardId, member.email);
  const list = await request.get('/api/invite', { headers: auth(member) });
  const invitation = ((await list.json()) as { id: number; board: { id: number } }[]).find(
    (item) => item.board.id === boardId,
  );
  expect(invitation).toBeTruthy();
  const accepted = await request.put(`/api/invite/accept/${invitation?.id}`, { headers: auth(member) });
  expect(accepted.status()).toBe(200);
}

export async function boardNames(request: APIRequestContext, account: Account): Promise<string[]> {
  const response = await request.get('/api/board', { headers: auth(account) });
  return ((await response.json()) as { name: string }[]).map((board) => board.name);
}
