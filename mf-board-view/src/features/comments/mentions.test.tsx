import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Member, TaskDetail } from 'contract';
import { bodyOf, jsonResponse, routeApi } from 'shared-ui/test-kit';
import { describe, expect, it } from 'vitest';
import { makeBoard, makeTask, renderApp } from '../../test/utils';
import { renderCommentText } from './components/linkify';
import { hasMention, insertMention, mentionedIds, mentionQueryAt, splitMentions } from './model/mentions';

describe('mention text', () => {
  it("finds the '@…' the caret is in", () => {
    expect(mentionQueryAt('Привет, @Бо', 11)).toEqual({ start: 8, query: 'Бо' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('@Борис Вто', 10)).toEqual({ start: 0, query: 'Борис Вто' });
    // An e-mail, a line break, a space right after '@' or the caret before the '@' are not mentions.
    expect(mentionQueryAt('anna@example', 12)).toBeNull();
    expect(mentionQueryAt('@Бо\nрис', 8)).toBeNull();
    expect(mentionQueryAt('@ Бо', 4)).toBeNull();
    expect(mentionQueryAt('Привет @Бо', 3)).toBeNull();
  });

  it('inserts the picked name with one space after it and finds whole mentions only', () => {
    expect(insertMention('Привет, @бо и всё', { start: 8, query: 'бо' }, 'Борис')).toEqual({
      text: 'Привет, @Борис и всё',
      caret: 15,
    });
    expect(hasMention('спасибо, @Борис!', 'Борис')).toBe(true);
    expect(hasMention('спасибо, @Борисов', 'Борис')).toBe(false);
    expect(hasMention('спасибо, Борис', 'Борис')).toBe(false);
    const picked = new Map([
      [5, 'Богдан'],
      [2, 'Борис'],
      [6, 'Дина'],
    ]);
    expect(mentionedIds('@Дина и @Богдан', picked)).toEqual([5, 6]);
  });

  it('highlights mentions of members (the longest name wins) and keeps links', () => {
    expect(splitMentions('@Борис Второй и @Борис, не @Вася', ['Борис', 'Борис Второй'])).toEqual([
      { type: 'mention', text: '@Борис Второй' },
      { type: 'text', text: ' и ' },
      { type: 'mention', text: '@Борис' },
      { type: 'text', text: ', не @Вася' },
    ]);
    const { container } = render(<p>{renderCommentText('@Анна, см. www.ya.ru <b>', ['Анна'])}</p>);
    expect(container.querySelector('.bv-mention')?.textContent).toBe('@Анна');
    expect(container.querySelector('a')?.getAttribute('href')).toBe('http://www.ya.ru');
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toBe('@Анна, см. www.ya.ru <b>');
  });
});

const member = (id: number, name: string): Member => ({
  id,
  name,
  email: `user${id}@example.com`,
  avatar: null,
  accepted: true,
  isDeleted: false,
  role: 'member',
});

// Anna (me), Борис, Вера (invited), Гоша (removed), plus Богдан and Дина.
const board = () => {
  const base = makeBoard();
  return makeBoard({ members: [...base.members, member(5, 'Богдан'), member(6, 'Дина')] });
};

const detail = (): TaskDetail => ({
  ...makeTask('2', '10'),
  description: '',
  comments: [
    { id: 50, boardId: 7, taskId: '2', userId: 2, text: '@Анна, глянь', createdAt: new Date().toISOString() },
  ],
  files: [],
  checklists: [],
});

const WAIT = { timeout: 5000 };

async function openBox() {
  routeApi({
    'GET /api/board/7': board(),
    'GET /api/task/7/2': detail(),
    'POST /api/comment/create': () =>
      jsonResponse(200, { id: 52, boardId: 7, taskId: '2', userId: 1, text: 'x', createdAt: '' }),
  });
  renderApp('/board/7/task/2');
  return (await screen.findByLabelText('Новый комментарий', {}, WAIT)) as HTMLTextAreaElement;
}

const type = (box: HTMLTextAreaElement, value: string) => fireEvent.change(box, { target: { value } });
const suggestions = () => screen.getByRole('listbox', { name: 'Участники доски' });
const nameOf = (option: HTMLElement) => option.querySelector('.bv-mention-option__name')?.textContent;
const optionNames = () => within(suggestions()).getAllByRole('option').map(nameOf);
const selected = () => within(suggestions()).getByRole('option', { selected: true });

describe('mentions in the comment box', { timeout: 15_000 }, () => {
  it('highlights members named in comments', async () => {
    await openBox();
    const list = await screen.findByRole('list', {}, WAIT);
    expect(list.querySelector('.bv-mention')?.textContent).toBe('@Анна');
  });

  it('suggests active members but me, picks with the keyboard and the mouse, sends those still named', async () => {
    const box = await openBox();
    expect(box.getAttribute('aria-autocomplete')).toBe('list');
    expect(screen.queryByRole('listbox')).toBeNull();

    type(box, 'Привет, @бо');
    expect(box.getAttribute('aria-controls')).toBe(suggestions().id);
    expect(optionNames()).toEqual(['Борис', 'Богдан']);
    expect(box.getAttribute('aria-activedescendant')).toBe(selected().id);
    expect(nameOf(selected())).toBe('Борис');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(nameOf(selected())).toBe('Богдан');
    expect(box.getAttribute('aria-activedescendant')).toBe(selected().id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(nameOf(selected())).toBe('Борис');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(nameOf(selected())).toBe('Богдан');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box.value).toBe('Привет, @Богдан ');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.getAttribute('aria-activedescendant')).toBeNull();

    type(box, 'Привет, @Богдан @ди');
    expect(optionNames()).toEqual(['Дина']);
    fireEvent.keyDown(box, { key: 'Tab' });
    expect(box.value).toBe('Привет, @Богдан @Дина ');

    type(box, 'Привет, @Богдан @Дина @');
    // Invited (Вера), removed (Гоша) and I (Анна) are not offered.
    expect(optionNames()).toEqual(['Борис', 'Богдан', 'Дина']);
    fireEvent.click(within(suggestions()).getByRole('option', { name: 'Борис' }));
    expect(box.value).toBe('Привет, @Богдан @Дина @Борис ');

    // Escape closes the list only, not the task.
    type(box, 'Привет, @Богдан @Борис @');
    expect(screen.getByRole('listbox')).toBeTruthy();
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Задача 2' })).toBeTruthy();
    type(box, 'Привет, @Богдан @Борис @Д');
    expect(screen.queryByRole('listbox')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(box.value).toBe(''));
    // Дина was picked, then her name was deleted: not mentioned.
    expect(bodyOf('POST /api/comment/create')).toEqual({
      boardId: 7,
      taskId: '2',
      text: 'Привет, @Богдан @Борис @Д',
      mentions: [5, 2],
    });
  });

  it('shows the mentions error under the box', async () => {
    routeApi({
      'GET /api/board/7': board(),
      'GET /api/task/7/2': detail(),
      'POST /api/comment/create': () =>
        jsonResponse(400, { mentions: 'Упомянуть можно только участников доски' }),
    });
    renderApp('/board/7/task/2');
    const box = (await screen.findByLabelText('Новый комментарий', {}, WAIT)) as HTMLTextAreaElement;
    type(box, '@Бор');
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    const form = box.closest('form') as HTMLElement;
    expect(await within(form).findByRole('alert')).toHaveProperty(
      'textContent',
      'Упомянуть можно только участников доски',
    );
    expect(box.value).toBe('@Борис ');
  });
});
