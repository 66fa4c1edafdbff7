import { shortDate } from 'shared-ui';

/** 'удалена 24 нояб., будет стёрта 24 дек.' */
export function deletedText(board: { deletedAt: string; purgeAt: string }, now: number = Date.now()): string {
  return `удалена ${shortDate(board.deletedAt, now)}, будет стёрта ${shortDate(board.purgeAt, now)}`;
}
