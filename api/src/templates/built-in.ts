/**
 * The built-in templates, as data: columns with a few sample cards and labels, turned into the
 * SourceBoard the import writer writes. Their ids are their names in contract/templates.ts.
 */
import type { BuiltInTemplate, Template } from 'contract/templates';
import type { SourceBoard, SourceTask } from '../import/index.js';

interface Card {
  title: string;
  description?: string;
  labels?: string[];
  checklist?: { title: string; items: string[] };
}

interface BuiltIn {
  id: BuiltInTemplate;
  name: string;
  color: string;
  labels: { title: string; color: string }[];
  columns: { name: string; cards?: Card[] }[];
}

export const BUILT_IN: readonly BuiltIn[] = [
  {
    id: 'kanban',
    name: 'Канбан',
    color: '#dfe7fd',
    labels: [
      { title: 'Срочно', color: '#eb5a46' },
      { title: 'Важно', color: '#ff9f1a' },
      { title: 'Идея', color: '#61bd4f' },
    ],
    columns: [
      {
        name: 'Бэклог',
        cards: [
          {
            title: 'Добро пожаловать на доску',
            description: 'Карточки идут слева направо: из бэклога в работу, на проверку и в «Готово».',
            labels: ['Идея'],
          },
        ],
      },
      {
        name: 'Нужно сделать',
        cards: [{ title: 'Перетащите эту карточку в «В работе»', labels: ['Важно'] }],
      },
      { name: 'В работе' },
      { name: 'На проверке' },
      { name: 'Готово', cards: [{ title: 'Создать доску' }] },
    ],
  },
  {
    id: 'sprint',
    name: 'Спринт',
    color: '#e3f2e1',
    labels: [
      { title: 'Фича', color: '#61bd4f' },
      { title: 'Баг', color: '#eb5a46' },
      { title: 'Техдолг', color: '#ff9f1a' },
    ],
    columns: [
      {
        name: 'Бэклог спринта',
        cards: [
          {
            title: 'Цель спринта',
            description: 'Что команда покажет на демо в конце спринта.',
            checklist: {
              title: 'Критерии готовности',
              items: ['Код проверен', 'Тесты проходят', 'Документация обновлена'],
            },
          },
          { title: 'Новая функция', labels: ['Фича'] },
          { title: 'Исправить ошибку', labels: ['Баг'] },
        ],
      },
      { name: 'В работе' },
      { name: 'Код-ревью' },
      { name: 'Тестирование' },
      {
        name: 'Готово',
        cards: [
          {
            title: 'Ретроспектива',
            checklist: {
              title: 'Вопросы',
              items: ['Что получилось хорошо?', 'Что можно улучшить?', 'Что попробуем в следующем спринте?'],
            },
          },
        ],
      },
    ],
  },
  {
    id: 'hiring',
    name: 'Найм',
    color: '#fdf0d5',
    labels: [
      { title: 'Разработка', color: '#0079bf' },
      { title: 'Дизайн', color: '#c377e0' },
      { title: 'Продажи', color: '#ff9f1a' },
    ],
    columns: [
      {
        name: 'Отклики',
        cards: [
          {
            title: 'Вакансия: фронтенд-разработчик',
            description: 'Требования, условия и ссылка на объявление.',
            labels: ['Разработка'],
          },
        ],
      },
      {
        name: 'Скрининг',
        cards: [
          {
            title: 'Кандидат: Иван Петров',
            labels: ['Разработка'],
            checklist: {
              title: 'Этапы',
              items: ['Резюме просмотрено', 'Звонок с рекрутером', 'Техническое собеседование'],
            },
          },
        ],
      },
      { name: 'Собеседование' },
      { name: 'Тестовое задание' },
      { name: 'Оффер' },
      { name: 'Вышел на работу' },
    ],
  },
  {
    id: 'personal',
    name: 'Личные дела',
    color: '#fde2e4',
    labels: [
      { title: 'Дом', color: '#61bd4f' },
      { title: 'Здоровье', color: '#0079bf' },
      { title: 'Покупки', color: '#ff9f1a' },
    ],
    columns: [
      { name: 'Идеи', cards: [{ title: 'Прочитать книгу' }] },
      {
        name: 'На этой неделе',
        cards: [{ title: 'Записаться к врачу', labels: ['Здоровье'] }],
      },
      {
        name: 'Сегодня',
        cards: [
          {
            title: 'Список покупок',
            labels: ['Покупки'],
            checklist: { title: 'Купить', items: ['Хлеб', 'Молоко', 'Овощи'] },
          },
        ],
      },
      { name: 'Сделано' },
    ],
  },
];

export const findBuiltIn = (id: string): BuiltIn | undefined =>
  BUILT_IN.find((template) => template.id === id);

/** A built-in as the list shows it. */
export const builtInSummary = (template: BuiltIn): Template => ({
  id: template.id,
  name: template.name,
  builtIn: true,
  columns: template.columns.map((column) => column.name),
  labels: template.labels.length,
  tasks: template.columns.reduce((sum, column) => sum + (column.cards?.length ?? 0), 0),
  createdAt: null,
});

const card = ({ title, description = '', labels = [], checklist }: Card): SourceTask => ({
  title,
  description,
  estimation: '',
  priority: null,
  dueAt: null,
  startAt: null,
  dueDone: false,
  archived: false,
  labels,
  assignees: [],
  checklists: checklist
    ? [{ title: checklist.title, items: checklist.items.map((text) => ({ text, done: false })) }]
    : [],
  comments: [],
});

/** The built-in as the import writer writes it (labels keyed by their titles). */
export const builtInSource = (template: BuiltIn): SourceBoard => ({
  format: 'kanban',
  name: template.name,
  settings: { color: template.color },
  members: [],
  labels: template.labels.map((label) => ({ key: label.title, ...label })),
  columns: template.columns.map((column) => ({
    name: column.name,
    archived: false,
    tasks: (column.cards ?? []).map(card),
  })),
  skipped: [],
});
