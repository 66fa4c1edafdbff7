/**
 * Trello board exports as Trello writes them (Menu → Print, export and share → Export as JSON): the
 * board's own fields first (id, name, desc, closed, idOrganization, shortLink, prefs, labelNames),
 * then `actions` (newest first; comments are `commentCard`), `cards`, `labels`, `lists`, `members`,
 * `checklists` and `customFields`. Ids are 24 hex digits; `pos` orders lists, cards, checklists and
 * their items. Built here for the import's tests and its benchmark.
 */

let counter = 0;
export const trelloId = (): string => (0x5f000000 + ++counter).toString(16).padStart(24, '0');

export interface TrelloCard {
  id: string;
  name: string;
  desc: string;
  closed: boolean;
  idList: string;
  idBoard: string;
  pos: number;
  due: string | null;
  dueComplete: boolean;
  idLabels: string[];
  idMembers: string[];
  idChecklists: string[];
  idMembersVoted: string[];
  attachments: { id: string; name: string; url: string }[];
  customFieldItems: unknown[];
  cover: { idAttachment: string | null; color: string | null };
  badges: { votes: number; comments: number };
}

export interface TrelloExport {
  id: string;
  name: string;
  desc: string;
  closed: boolean;
  idOrganization: string | null;
  shortLink: string;
  prefs: { background: string };
  labelNames: Record<string, string>;
  actions: Record<string, unknown>[];
  cards: TrelloCard[];
  labels: { id: string; idBoard: string; name: string; color: string | null }[];
  lists: { id: string; name: string; closed: boolean; idBoard: string; pos: number }[];
  members: { id: string; fullName: string; username: string }[];
  checklists: {
    id: string;
    name: string;
    idCard: string;
    idBoard: string;
    pos: number;
    checkItems: {
      id: string;
      name: string;
      state: 'complete' | 'incomplete';
      pos: number;
      idChecklist: string;
    }[];
  }[];
  customFields: unknown[];
}

export function trelloBoard(name = 'Test Drive'): TrelloExport {
  const id = trelloId();
  return {
    id,
    name,
    desc: '',
    closed: false,
    idOrganization: null,
    shortLink: 'AbCd1234',
    prefs: { background: 'blue' },
    labelNames: {},
    actions: [],
    cards: [],
    labels: [],
    lists: [],
    members: [],
    checklists: [],
    customFields: [],
  };
}

export function addList(board: TrelloExport, name: string, pos: number, closed = false): string {
  const id = trelloId();
  board.lists.push({ id, name, closed, idBoard: board.id, pos });
  return id;
}

export function addCard(
  board: TrelloExport,
  idList: string,
  name: string,
  fields: Partial<TrelloCard> = {},
): TrelloCard {
  const card: TrelloCard = {
    id: trelloId(),
    name,
    desc: '',
    closed: false,
    idList,
    idBoard: board.id,
    pos: 16384 * (board.cards.length + 1),
    due: null,
    dueComplete: false,
    idLabels: [],
    idMembers: [],
    idChecklists: [],
    idMembersVoted: [],
    attachments: [],
    customFieldItems: [],
    cover: { idAttachment: null, color: null },
    badges: { votes: 0, comments: 0 },
    ...fields,
  };
  board.cards.push(card);
  return card;
}

export function addMember(board: TrelloExport, fullName: string): string {
  const id = trelloId();
  board.members.push({ id, fullName, username: fullName.toLowerCase().replace(/\s+/g, '') });
  return id;
}

export function addLabel(board: TrelloExport, name: string, color: string | null): string {
  const id = trelloId();
  board.labels.push({ id, idBoard: board.id, name, color });
  return id;
}

export function addChecklist(
  board: TrelloExport,
  card: TrelloCard,
  name: string,
  items: [string, boolean][],
  pos = 16384 * (card.idChecklists.length + 1),
): void {
  const id = trelloId();
  card.idChecklists.push(id);
  board.checklists.push({
    id,
    name,
    idCard: card.id,
    idBoard: board.id,
    pos,
    checkItems: items.map(([text, done], index) => ({
      id: trelloId(),
      name: text,
      state: done ? 'complete' : 'incomplete',
      pos: 16384 * (index + 1),
      idChecklist: id,
    })),
  });
}

/** A comment on the card; Trello lists actions newest first, so it goes to the front. */
export function addComment(
  board: TrelloExport,
  card: TrelloCard,
  memberId: string,
  text: string,
  date: string,
): void {
  const member = board.members.find((item) => item.id === memberId);
  board.actions.unshift({
    id: trelloId(),
    idMemberCreator: memberId,
    type: 'commentCard',
    date,
    data: {
      text,
      card: { id: card.id, name: card.name, idShort: 1, shortLink: 'x' },
      board: { id: board.id, name: board.name },
    },
    memberCreator: {
      id: memberId,
      fullName: member?.fullName ?? 'Бывший участник',
      username: member?.username ?? 'former',
    },
  });
  card.badges.comments += 1;
}

/**
 * A generated board of `cards` cards over `lists` lists, with `items` checklist items and `comments`
 * comments spread over them, for the import's benchmark.
 */
export function bigTrelloBoard({
  lists = 50,
  cards = 10_000,
  items = 30_000,
  comments = 20_000,
} = {}): TrelloExport {
  const board = trelloBoard('Большая доска из Trello');
  const member = addMember(board, 'Анна Петрова');
  const labels = ['green', 'red', 'blue', 'yellow'].map((color, index) =>
    addLabel(board, index === 0 ? '' : `Метка ${index}`, color),
  );
  const listIds = Array.from({ length: lists }, (_, index) =>
    addList(board, `Список ${index + 1}`, 16384 * (index + 1), index === lists - 1),
  );
  const text = 'Описание карточки с достаточно длинным текстом, как в настоящей доске. '.repeat(12);
  for (let index = 0; index < cards; index += 1) {
    const card = addCard(board, listIds[index % lists]!, `Карточка ${index + 1}`, {
      desc: text,
      idLabels: [labels[index % labels.length]!],
      idMembers: index % 3 === 0 ? [member] : [],
      due: index % 5 === 0 ? '2026-12-01T09:00:00.000Z' : null,
      closed: index % 50 === 49,
    });
    const perCard = Math.floor(items / cards);
    if (perCard > 0) {
      addChecklist(
        board,
        card,
        'Шаги',
        Array.from({ length: perCard }, (_, item) => [
          `Шаг ${item + 1} карточки ${index + 1}`,
          item % 2 === 0,
        ]),
      );
    }
    for (let comment = 0; comment < Math.floor(comments / cards); comment += 1) {
      addComment(
        board,
        card,
        member,
        `Комментарий ${comment + 1}: ${text.slice(0, 120)}`,
        new Date(Date.UTC(2026, 0, 1, 0, index, comment)).toISOString(),
      );
    }
  }
  return board;
}
