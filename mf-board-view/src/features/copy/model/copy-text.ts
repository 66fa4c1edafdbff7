import type { DroppedAssignee } from 'contract';

/** The longest board or template name the API takes (contract LIMITS.name). */
export const NAME_MAX = 100;

/** A copy's name offered in 'Копировать доску': '{name} (копия)', cut to fit, as a column's copy is named. */
export function copyName(name: string): string {
  const suffix = ' (копия)';
  return `${name.slice(0, NAME_MAX - suffix.length)}${suffix}`;
}

/** Who a card lost on the way: 'Не участники доски «X», сняты с карточки: Анна, Борис.' (empty when no one). */
export function droppedNote(boardName: string, dropped: readonly DroppedAssignee[]): string {
  if (dropped.length === 0) return '';
  const names = dropped.map((person) => person.name || 'без имени').join(', ');
  return `Не участники доски «${boardName}», сняты с карточки: ${names}.`;
}

/**
 * What a copied or moved card's notice says: what happened, where it went (the board only when it is
 * another one) and whom it lost.
 */
export function taskNotice(
  mode: 'copy' | 'move',
  where: { boardName: string; columnName: string; elsewhere: boolean },
  dropped: readonly DroppedAssignee[],
): string {
  const done = mode === 'copy' ? 'Карточка скопирована' : 'Карточка перемещена';
  const place = where.elsewhere
    ? ` на доску «${where.boardName}», в колонку «${where.columnName}».`
    : ` в колонку «${where.columnName}».`;
  const note = droppedNote(where.boardName, dropped);
  return `${done}${place}${note ? ` ${note}` : ''}`;
}
