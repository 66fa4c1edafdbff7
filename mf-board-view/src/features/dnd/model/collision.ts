import {
  type CollisionDetection,
  closestCenter,
  type DroppableContainer,
  pointerWithin,
  rectIntersection,
} from '@dnd-kit/core';
import { dragData } from './ids';

const ofType = (containers: DroppableContainer[], types: string[]) =>
  containers.filter((container) => types.includes(dragData(container.data.current)?.type ?? ''));

/**
 * Columns are sorted among columns only. A card prefers what the pointer is in (the keyboard, with no
 * pointer, uses the dragged card's rectangle): a column's top or bottom zone first, then the closest
 * card it touches, then the closest card of the column it is over, then the (empty) column itself.
 */
export const boardCollision: CollisionDetection = (args) => {
  const type = dragData(args.active.data.current)?.type;
  if (type === 'column') {
    return closestCenter({ ...args, droppableContainers: ofType(args.droppableContainers, ['column']) });
  }
  const within = pointerWithin(args);
  const hits = within.length > 0 ? within : rectIntersection(args);
  const byId = new Map(args.droppableContainers.map((container) => [container.id, container]));
  const hitData = (id: string | number) => dragData(byId.get(id)?.data.current);

  const zone = hits.find((hit) => {
    const data = hitData(hit.id);
    return data?.type === 'top' || data?.type === 'bottom';
  });
  if (zone) return [zone];

  const cardIds = new Set(hits.filter((hit) => hitData(hit.id)?.type === 'task').map((hit) => hit.id));
  if (cardIds.size > 0) {
    return closestCenter({
      ...args,
      droppableContainers: args.droppableContainers.filter((container) => cardIds.has(container.id)),
    });
  }

  const column = hits.find((hit) => hitData(hit.id)?.type === 'column');
  if (!column) return [];
  const columnData = hitData(column.id);
  const columnId = columnData && 'columnId' in columnData ? columnData.columnId : undefined;
  const cards = args.droppableContainers.filter((container) => {
    const data = dragData(container.data.current);
    return data?.type === 'task' && container.data.current?.sortable?.containerId === columnId;
  });
  return cards.length > 0 ? closestCenter({ ...args, droppableContainers: cards }) : [column];
};
