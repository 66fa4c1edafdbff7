/**
 * Board lists kept live: when a board's members or settings change, everyone with a row on the board
 * (members, invitees, removed members) and everyone whose own standing changed hears `lists` after the
 * commit, so an open 'Мои доски' shows a new invitation, a renamed board or a lost one without a reload.
 */
import { userRoom } from 'contract/realtime';
import type { Recorder } from '../board-change/change-board.js';
import { peopleOfBoard } from './repository.js';

export const recordLists: Recorder = async ({ app, trx, boardId, changes }) => {
  if (!changes.members && !changes.settings) return undefined;
  const users = new Set([...(await peopleOfBoard(trx, boardId)), ...changes.people]);
  return () => {
    app.realtime.io.to([...users].map(userRoom)).emit('lists');
  };
};
