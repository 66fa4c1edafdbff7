/**
 * The one registry of the product's routes (SPEC.md section 2). The shell builds its route table from
 * `pattern`; every link in every front-end is built with `href()`.
 */
type Id = string | number;

const seg = (value: Id) => encodeURIComponent(String(value));

export const paths = {
  home: { pattern: '/', href: () => '/' },
  /** With `returnTo` (a path of this site), signing in lands there instead of on /. */
  login: {
    pattern: '/login',
    href: (returnTo?: string) =>
      returnTo && returnTo !== '/' ? `/login?${new URLSearchParams({ returnTo })}` : '/login',
  },
  register: { pattern: '/register', href: () => '/register' },
  reset: { pattern: '/reset', href: () => '/reset' },
  resetValidate: {
    pattern: '/reset/validate/:resetId',
    href: ({ resetId }: { resetId: Id }) => `/reset/validate/${seg(resetId)}`,
  },
  resetFinish: {
    pattern: '/reset/finish/:resetId',
    href: ({ resetId }: { resetId: Id }) => `/reset/finish/${seg(resetId)}`,
  },
  resetSuccess: { pattern: '/reset/success', href: () => '/reset/success' },
  settings: { pattern: '/settings', href: () => '/settings' },
  /** Every task assigned to the current user, across their boards, grouped by due date. */
  myTasks: { pattern: '/my-tasks', href: () => '/my-tasks' },
  /** The shell's own page: which build of each front-end runs and which is deployed. */
  about: { pattern: '/about', href: () => '/about' },
  board: {
    pattern: '/board/:boardId',
    href: ({ boardId }: { boardId: Id }) => `/board/${seg(boardId)}`,
  },
  /**
   * A task over its board, by the task's per-board `number` (the one its card shows), not its id: the
   * number a user sees is the one in the address (docs/decisions.md).
   */
  boardTask: {
    pattern: '/board/:boardId/task/:taskNumber',
    href: ({ boardId, taskNumber }: { boardId: Id; taskNumber: number }) =>
      `/board/${seg(boardId)}/task/${seg(taskNumber)}`,
  },
  /**
   * A board's read-only public link (its administrator's 'Доступ по ссылке'): anyone with the token sees
   * the board without signing in, and a signed-in user sees it the same way.
   */
  publicBoard: {
    pattern: '/p/:token',
    href: ({ token }: { token: string }) => `/p/${seg(token)}`,
  },
  /** A task over a public link's board, by its per-board number, as `boardTask`. */
  publicTask: {
    pattern: '/p/:token/task/:taskNumber',
    href: ({ token, taskNumber }: { token: string; taskNumber: number }) =>
      `/p/${seg(token)}/task/${seg(taskNumber)}`,
  },
} as const;

export type PathName = keyof typeof paths;
