/**
 * The dialog's Russian texts that depend on numbers: the file's description ('Trello: «Test Drive»,
 * 18 списков, 122 карточки'), the progress line ('Карточки: 3 400 из 10 000') and the report's rows.
 * Numbers are grouped as Russian writes them (toLocaleString('ru-RU')), words agree with them (plural).
 */
import type { ImportJob, ImportPreview, ImportReport, ImportStage } from 'contract/imports';
import { plural } from 'shared-ui';

type Forms = Parameters<typeof plural>[1];

const WORDS = {
  list: { one: 'список', few: 'списка', many: 'списков' },
  card: { one: 'карточка', few: 'карточки', many: 'карточек' },
  column: { one: 'колонка', few: 'колонки', many: 'колонок' },
  task: { one: 'задача', few: 'задачи', many: 'задач' },
  item: { one: 'пункт', few: 'пункта', many: 'пунктов' },
} satisfies Record<string, Forms>;

/** 3400 -> '3 400' (no-break spaces between groups). */
export const count = (value: number) => value.toLocaleString('ru-RU');

/** 3 -> '3 списка'. */
const counted = (value: number, forms: Forms) => `${count(value)} ${plural(value, forms)}`;

/** What the file is and how much it holds, as the preview tells it. */
export function describePreview({ format, name, columns, tasks }: ImportPreview): string {
  if (format === 'trello')
    return `Trello: «${name}», ${counted(columns, WORDS.list)}, ${counted(tasks, WORDS.card)}`;
  const what = format === 'csv' ? 'CSV' : 'Экспорт доски';
  return `${what}: «${name}», ${counted(columns, WORDS.column)}, ${counted(tasks, WORDS.task)}`;
}

/** Each stage's name, and whether its line counts what is done of the total. */
const STAGES: Record<ImportStage['name'], { title: string; counted: boolean }> = {
  reading: { title: 'Читаем файл', counted: false },
  columns: { title: 'Колонки', counted: true },
  tasks: { title: 'Карточки', counted: true },
  checklists: { title: 'Пункты чек-листов', counted: true },
  comments: { title: 'Комментарии', counted: true },
  finishing: { title: 'Приглашения', counted: false },
};

/** The stage's name alone: what a screen reader is told when the import moves on to it. */
export function stageTitle(job: Pick<ImportJob, 'state' | 'stage'> | null): string {
  if (job?.stage) return STAGES[job.stage.name].title;
  return job?.state === 'running' ? 'Начинаем' : 'В очереди';
}

/** The progress line under the bar: the stage with its count ('Карточки: 3 400 из 10 000'). */
export function stageText(job: Pick<ImportJob, 'state' | 'stage'> | null): string {
  const stage = job?.stage;
  if (!stage || !STAGES[stage.name].counted) return stageTitle(job);
  return `${STAGES[stage.name].title}: ${count(stage.done)} из ${count(stage.total)}`;
}

/** The report as term/value rows, in the order the summary lists them. */
export function reportRows(report: ImportReport): { term: string; value: string }[] {
  return [
    { term: 'Колонки', value: count(report.columns) },
    { term: 'Задачи', value: count(report.tasks) },
    {
      term: 'В архиве',
      value: `${counted(report.archivedColumns, WORDS.column)}, ${counted(report.archivedTasks, WORDS.task)}`,
    },
    { term: 'Метки', value: count(report.labels) },
    {
      term: 'Чек-листы',
      value: `${count(report.checklists)} (${counted(report.checklistItems, WORDS.item)})`,
    },
    { term: 'Комментарии', value: count(report.comments) },
    { term: 'Сроки', value: count(report.dueDates) },
    { term: 'Приглашены', value: report.invited.length > 0 ? report.invited.join(', ') : 'никто' },
  ];
}
