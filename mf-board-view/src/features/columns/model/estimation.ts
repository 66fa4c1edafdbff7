import type { Task } from 'contract';

/** Sum of the numeric estimations of `tasks` (text that is not a number counts as nothing). */
export function sumEstimations(tasks: readonly (Pick<Task, 'estimation'> | undefined)[]): number {
  let total = 0;
  for (const task of tasks) {
    const text = task?.estimation.trim().replace(',', '.');
    if (!text) continue;
    const value = Number(text);
    if (Number.isFinite(value)) total += value;
  }
  // Decimal estimations (0.1 + 0.2) stay readable.
  return Math.round(total * 1000) / 1000;
}
