/**
 * A board's read-only public link: an administrator turns it on ('Доступ по ссылке') and anyone with
 * `/p/{token}` sees the board without signing in: columns, cards, labels, the task modal with
 * comments, live, with no member's e-mail and files only by short-lived links. A new link or turning
 * it off kills the old one at once: its calls answer 404 and its open pages stop receiving updates.
 */
import { type Static, Type } from 'typebox';
import { Board } from './boards.js';
import { errors, Id, Success } from './common.js';
import { TaskDetail } from './tasks.js';

export const PublicLink = Type.Object({
  token: Type.String(),
  /** The page to share: PUBLIC_URL + `/p/{token}`. */
  url: Type.String(),
});
export type PublicLink = Static<typeof PublicLink>;

export const PublicLinkState = Type.Object({
  link: Type.Union([PublicLink, Type.Null()], { description: 'null while the link is off' }),
});

/** The page's path for a token. */
export const publicPath = (token: string) => `/p/${token}`;

export const MESSAGES = { gone: 'Ссылка не действует: её выключили или заменили' } as const;

const admin = { tags: ['public links'], security: [{ bearer: [] }], 'x-board-action': 'manage' } as const;
const BoardParams = Type.Object({ boardId: Id });

export const GetPublicLink = {
  operationId: 'getPublicLink',
  summary: "The board's public link, or null while it is off",
  ...admin,
  params: BoardParams,
  response: { 200: PublicLinkState, ...errors(400, 401, 403, 404) },
};

export const CreatePublicLink = {
  operationId: 'createPublicLink',
  summary: 'Turn the public link on, or replace it (the old one stops working at once)',
  ...admin,
  params: BoardParams,
  response: { 200: PublicLink, ...errors(400, 401, 403, 404) },
};

export const DeletePublicLink = {
  operationId: 'deletePublicLink',
  summary: 'Turn the public link off (it stops working at once)',
  ...admin,
  params: BoardParams,
  response: { 200: Success, ...errors(400, 401, 403, 404) },
};

const Token = Type.String({
  minLength: 20,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
  'x-error': 'Ссылка не действует',
});
const reader = { tags: ['public links'], security: [] };

export const GetPublicBoard = {
  operationId: 'getPublicBoard',
  summary: 'The board behind a public link (members without e-mails), no sign-in',
  ...reader,
  params: Type.Object({ token: Token }),
  response: { 200: Board, ...errors(400, 404) },
};

export const GetPublicTask = {
  operationId: 'getPublicTask',
  summary: 'A task of the board behind a public link, with its comments, files and checklists',
  ...reader,
  params: Type.Object({ token: Token, taskId: Id }),
  response: { 200: TaskDetail, ...errors(400, 404) },
};

export const GetPublicFile = {
  operationId: 'getPublicFileLink',
  summary: 'A short-lived link to download an attachment of the board behind a public link',
  ...reader,
  params: Type.Object({ token: Token, fileId: Id }),
  response: { 200: Type.Object({ url: Type.String() }), ...errors(400, 404) },
};
