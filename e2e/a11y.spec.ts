// Accessibility (issue 15): axe-core (WCAG 2.0/2.1/2.2 A and AA) over every screen and modal, at a
// desktop width and at 360 px (an emulated phone), each screen in the light and then the dark colour scheme of one walk. A screen fails on serious or
// critical violations; the message lists each rule with the nodes it hit. Every screen is checked
// (soft expectations) so one run shows the whole picture.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { type Account, readOutboxMessage, registerAccount } from './support/accounts';
import {
  authHeaders,
  columnIdOf,
  createLabel,
  createTask,
  editTask,
  getBoardDetail,
  menuButton,
  taskPath,
  useToken,
} from './support/board-page';
import { addMember, createBoard, invite } from './support/boards';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  // A small phone, emulated as one (touch, and a page wider than the screen zooms out to fit).
  { name: '360px', width: 360, height: 740 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

/** `taskPath`: the task's page, by its number on the board; `publicPath`: the board's public link. */
type Seed = { owner: Account; boardId: number; taskId: string; taskPath: string; publicPath: string };

async function userId(request: APIRequestContext, account: Account): Promise<number> {
  const response = await request.get('/api/auth/user', { headers: authHeaders(account) });
  return ((await response.json()) as { id: number }).id;
}

/**
 * A board worth looking at: cards with labels (light and dark colours), assignees and a description,
 * a second member, a pending invitation to another board and a notification (a mention).
 */
async function seed(request: APIRequestContext): Promise<Seed> {
  const owner = await registerAccount(request, 'Ада Доступная');
  const colleague = await registerAccount(request, 'Борис Коллега');
  const boardId = await createBoard(request, owner, 'Доступная доска');
  await addMember(request, owner, boardId, colleague);
  const detail = await getBoardDetail(request, owner, boardId);
  const todo = columnIdOf(detail, 'Нужно сделать');
  const doing = columnIdOf(detail, 'В работе');
  const labels = [
    await createLabel(request, owner, boardId, 'Баг', '#c62828'),
    await createLabel(request, owner, boardId, 'Жёлтая', '#fdd835'),
    await createLabel(request, owner, boardId, 'Голубая', '#4fc3f7'),
    await createLabel(request, owner, boardId, 'Зелёная', '#66bb6a'),
  ];
  const ids = [await userId(request, owner), await userId(request, colleague)];
  const taskId = await createTask(request, owner, boardId, todo, 'Сверстать форму входа');
  await editTask(request, owner, boardId, taskId, {
    title: 'Сверстать форму входа',
    columnId: todo,
    description: 'Поля, ошибки и **кнопка**',
    estimation: '3',
    priority: 'high',
    labels,
    ...({ assignees: ids } as object),
  });
  // A checklist with an item long enough to wrap, assigned, as a phone shows it squeezed.
  const listed = await request.post(`/api/checklist/${boardId}/${taskId}`, {
    headers: authHeaders(owner),
    data: { title: 'Проверка' },
  });
  expect(listed.status(), await listed.text()).toBe(200);
  const checklistId = ((await listed.json()) as { checklists: { id: number }[] }).checklists[0]?.id;
  const item = await request.post(`/api/checklist/item/${boardId}/${checklistId}`, {
    headers: authHeaders(owner),
    data: { text: 'Проверить форму входа на телефоне' },
  });
  expect(item.status(), await item.text()).toBe(200);
  await createTask(request, owner, boardId, todo, 'Проверить контраст', { labels: [labels[1] as number] });
  await createTask(request, owner, boardId, doing, 'Написать тесты', { labels: [labels[2] as number] });
  // A notification for the owner: the colleague mentions her.
  const comment = await request.post('/api/comment/create', {
    headers: authHeaders(colleague),
    data: { boardId, taskId, text: '@Ада Доступная посмотри', mentions: [ids[0]] },
  });
  expect(comment.status(), await comment.text()).toBe(200);
  // An invitation waiting on the board list.
  const other = await createBoard(request, colleague, 'Доска Бориса');
  await invite(request, colleague, other, owner.email);
  // The board's read-only public link, on.
  const link = await request.post(`/api/board/${boardId}/public-link`, { headers: authHeaders(owner) });
  expect(link.status(), await link.text()).toBe(200);
  const { token } = (await link.json()) as { token: string };
  return {
    owner,
    boardId,
    taskId,
    taskPath: await taskPath(request, owner, boardId, taskId),
    publicPath: `/p/${token}`,
  };
}

type Finding = { screen: string; id: string; impact: string; nodes: string[] };

/** Transitions (modal fade-ins, colour changes) finished, so colours are measured at rest. */
const atRest = (page: Page) =>
  page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );

/**
 * Audits the screen as it is in each colour scheme in turn (the site follows the system's), then
 * leaves it light: one walk covers both themes.
 */
async function audit(page: Page, screen: string, findings: Finding[]) {
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    await auditScheme(page, `${screen} (${scheme})`, findings, scheme === 'light');
  }
}

async function auditScheme(page: Page, screen: string, findings: Finding[], measureWidth: boolean) {
  await atRest(page);
  // No screen is wider than the phone: a phone browser would zoom the whole page out to fit it.
  const viewport = page.viewportSize()?.width ?? 0;
  if (measureWidth && viewport < 720) {
    const wider = await page.evaluate((width) => {
      const page = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
      const widest = Array.from(document.querySelectorAll('body *'))
        .filter((element) => element.getBoundingClientRect().right > width + 0.5)
        .filter((element) => getComputedStyle(element).visibility !== 'hidden')
        .slice(0, 3)
        .map((element) => `${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')}`);
      return page > width ? `${page} px: ${widest.join(' | ')}` : null;
    }, viewport);
    expect.soft(wider, `${screen} fits ${viewport} px`).toBeNull();
  }
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const found = results.violations.map((violation) => ({
    screen,
    id: violation.id,
    impact: violation.impact ?? 'unknown',
    nodes: violation.nodes.map((node) => node.target.join(' ')),
  }));
  findings.push(...found);
  const blocking = found.filter((item) => item.impact === 'serious' || item.impact === 'critical');
  expect
    .soft(
      blocking.map(
        (item) => `${item.id} (${item.impact}, ${item.nodes.length}): ${item.nodes.slice(0, 8).join(' | ')}`,
      ),
      `axe on ${screen}`,
    )
    .toEqual([]);
}

function summary(findings: Finding[]): string {
  const byRule = new Map<string, { impact: string; nodes: number; screens: Set<string> }>();
  for (const item of findings) {
    const entry = byRule.get(item.id) ?? { impact: item.impact, nodes: 0, screens: new Set() };
    entry.nodes += item.nodes.length;
    entry.screens.add(item.screen);
    byRule.set(item.id, entry);
  }
  return [...byRule.entries()]
    .map(([id, entry]) => `${id} [${entry.impact}] ${entry.nodes} nodes on ${[...entry.screens].join(', ')}`)
    .join('\n');
}

async function newPage(browser: Browser, width: number, height: number, scheme: 'light' | 'dark' = 'light') {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL as string,
    locale: 'ru-RU',
    viewport: { width, height },
    ...(width < 720 && { isMobile: true, hasTouch: true }),
    colorScheme: scheme,
    reducedMotion: 'reduce',
  });
  return context.newPage();
}

async function signedOutScreens(page: Page, account: Account, label: string, findings: Finding[]) {
  for (const [path, heading] of [
    ['/', null],
    ['/login', 'Вход'],
    ['/register', 'Регистрация'],
    ['/reset', null],
    ['/about', null],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('main').first()).toBeVisible();
    if (heading) await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    else await page.waitForLoadState('networkidle');
    await audit(page, `${label} ${path}`, findings);
  }
  // The reset flow, screen by screen, with the code from the e-mail.
  await page.goto('/reset');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Сбросить' }).click();
  await expect(page).toHaveURL(/\/reset\/validate\//);
  await expect(page.getByRole('button', { name: 'Подтвердить' })).toBeVisible();
  await audit(page, `${label} /reset/validate`, findings);
  let link = '';
  await expect
    .poll(() => {
      try {
        link =
          readOutboxMessage(account.email).match(
            /https?:\/\/[^\s"<>]+\/reset\/validate\/[^\s"<>?]+\?code=[a-z0-9]+/,
          )?.[0] ?? '';
      } catch {
        link = '';
      }
      return link;
    })
    .not.toBe('');
  const url = new URL(link);
  await page.goto(url.pathname + url.search);
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page).toHaveURL(/\/reset\/finish\//);
  await expect(page.locator('input[type="password"]').first()).toBeVisible();
  await audit(page, `${label} /reset/finish`, findings);
  await page.goto('/reset/success');
  await expect(page.getByText('Пароль успешно сброшен!')).toBeVisible();
  await audit(page, `${label} /reset/success`, findings);
}

async function openFromBoardMenu(page: Page, name: string, narrow: boolean) {
  if (narrow) {
    await page.locator('header').getByRole('button', { name: 'Меню' }).click();
    await page
      .getByRole('complementary', { name: 'Меню' })
      .getByRole('button', { name: new RegExp(`^${name}`) })
      .click();
  } else {
    await menuButton(page, name).click();
  }
}

async function closeDialog(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

async function signedInScreens(
  page: Page,
  seeded: Seed,
  label: string,
  narrow: boolean,
  findings: Finding[],
) {
  const { owner, boardId } = seeded;
  await useToken(page, owner);

  await page.goto('/');
  await expect(page.getByText('Доска Бориса').first()).toBeVisible();
  await audit(page, `${label} board list with an invitation`, findings);
  await page.getByRole('button', { name: 'Импорт', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Импорт доски' })).toBeVisible();
  await audit(page, `${label} import dialog`, findings);
  await closeDialog(page);

  const bell = page.getByRole('button', { name: /^Уведомления/ });
  await expect(bell).toHaveAccessibleName(/непрочитан/, { timeout: 10_000 });
  await bell.click();
  const list = page
    .getByRole('dialog', { name: 'Уведомления' })
    .or(page.getByRole('region', { name: 'Уведомления' }));
  await expect(list.getByRole('link', { name: /Сверстать форму входа/ })).toBeVisible();
  await audit(page, `${label} notifications open`, findings);
  await page.keyboard.press('Escape');

  if (narrow) {
    await page.locator('header').getByRole('button', { name: 'Меню' }).click();
    await expect(page.getByRole('complementary', { name: 'Меню' })).toBeVisible();
    await audit(page, `${label} burger panel`, findings);
    await page.keyboard.press('Escape');
  }

  await page.goto(`/board/${boardId}`);
  await expect(page.locator('article[data-task-id]').first()).toBeVisible();
  await audit(page, `${label} board`, findings);
  if (narrow) {
    const firstCard = page.locator('article[data-task-id]').first();
    await expect(firstCard.getByRole('button', { name: 'Скопировать ссылку на задачу' })).toBeHidden();
  }

  for (const [menu, dialog] of [
    ['Фильтр', 'Фильтр по задачам'],
    ['Метки', 'Метки'],
    ['Участники', null],
    ['Доска', null],
    ['Активность', null],
    ['Архив', 'Архив'],
    ['Экспорт', 'Экспорт доски'],
    ['Доступ по ссылке', 'Доступ по ссылке'],
    ['Корзина', null],
  ] as const) {
    await openFromBoardMenu(page, menu, narrow);
    const opened = dialog ? page.getByRole('dialog', { name: dialog }) : page.getByRole('dialog').first();
    await expect(opened).toBeVisible();
    await audit(page, `${label} board: ${menu}`, findings);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }

  await page.goto(seeded.taskPath);
  await expect(page.getByRole('dialog', { name: /^Задача/ })).toBeVisible();
  await expect(page.getByRole('dialog').getByText('@Ада Доступная').first()).toBeVisible();
  await audit(page, `${label} task modal`, findings);
  if (narrow) {
    // A checklist item's text takes the row's width, its controls go below (not one letter a line).
    const text = page.getByRole('dialog').locator('.bv-check-item__text').first();
    await expect(text).toContainText('Проверить форму входа на телефоне');
    expect
      .soft((await text.boundingBox())?.width ?? 0, `${label} checklist item text width`)
      .toBeGreaterThanOrEqual(200);
    // On touch the card's corner link icon would cover its title: the modal's button copies the link.
    await expect(
      page.getByRole('dialog').getByRole('button', { name: 'Скопировать ссылку на задачу' }),
    ).toBeVisible();
  }
  await closeDialog(page);

  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Настройки' })).toBeVisible();
  await audit(page, `${label} /settings`, findings);

  await page.goto('/my-tasks');
  await expect(page.getByText('Сверстать форму входа').first()).toBeVisible();
  await audit(page, `${label} /my-tasks`, findings);
}

for (const viewport of WIDTHS) {
  test(`axe: every screen, ${viewport.name}, light and dark`, async ({ browser, request }) => {
    test.setTimeout(240_000);
    const findings: Finding[] = [];
    const label = `[${viewport.name}]`;
    const seeded = await seed(request);

    const signedOut = await newPage(browser, viewport.width, viewport.height);
    // A password reset ends the account's sessions: the reset walk uses an account of its own.
    await signedOutScreens(signedOut, await registerAccount(request, 'Юлия Забывчивая'), label, findings);
    // The board's public link, as a visitor who is not signed in sees it, and a task on it.
    await signedOut.goto(seeded.publicPath);
    await expect(signedOut.locator('article[data-task-id]').first()).toBeVisible();
    await audit(signedOut, `${label} public link board`, findings);
    await signedOut.locator('article[data-task-id]').first().getByRole('link').first().click();
    await expect(signedOut.getByRole('dialog', { name: /^Задача/ }).getByLabel('Название')).toBeVisible();
    await audit(signedOut, `${label} public link task`, findings);
    await signedOut.context().close();

    const signedIn = await newPage(browser, viewport.width, viewport.height);
    await signedInScreens(signedIn, seeded, label, viewport.width < 720, findings);
    await signedIn.context().close();

    const text = summary(findings);
    await test.info().attach('axe summary', { body: text || 'no violations', contentType: 'text/plain' });
    console.log(`axe ${label}\n${text || 'no violations'}`);
  });
}

test.describe('keyboard focus', () => {
  test('after a route change focus is on the page heading; the task modal never lets Tab reach <body>', async ({
    page,
    request,
  }) => {
    const seeded = await seed(request);
    await useToken(page, seeded.owner);
    await page.goto('/');
    await expect(page.getByText('Доска Бориса').first()).toBeVisible();
    await page.locator('header').getByRole('link', { name: 'Настройки' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Настройки' })).toBeFocused();

    await page.goto(seeded.taskPath);
    const dialog = page.getByRole('dialog', { name: /^Задача/ });
    await expect(dialog).toBeVisible();
    for (let press = 0; press < 60; press += 1) {
      await page.keyboard.press('Tab');
      const inside = await dialog.evaluate((element) => element.contains(document.activeElement));
      expect(inside, `Tab ${press + 1} left the dialog`).toBe(true);
    }
    for (let press = 0; press < 20; press += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
  });

  test('under 720px Tab stays in the burger panel, and a modal opened from it gets focus', async ({
    page,
    request,
  }) => {
    const seeded = await seed(request);
    await page.setViewportSize({ width: 375, height: 812 });
    await useToken(page, seeded.owner);
    await page.goto(`/board/${seeded.boardId}`);
    await expect(page.locator('article[data-task-id]').first()).toBeVisible();
    await page.locator('header').getByRole('button', { name: 'Меню' }).click();
    const panel = page.getByRole('complementary', { name: 'Меню' });
    await expect(panel).toBeVisible();
    for (let press = 0; press < 25; press += 1) {
      await page.keyboard.press('Tab');
      expect(await panel.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await panel.getByRole('button', { name: /^Метки/ }).focus();
    await page.keyboard.press('Enter');
    const labels = page.getByRole('dialog', { name: 'Метки' });
    await expect(labels).toBeVisible();
    await expect
      .poll(() => labels.evaluate((element) => element.contains(document.activeElement)))
      .toBe(true);
  });
});

test('Тема in /settings applies at once and is there before the first paint of the next load', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request, 'Тёма Тёмный');
  await useToken(page, account);
  await page.goto('/settings');
  const theme = page.getByRole('group', { name: 'Тема' });
  await expect(theme.getByRole('radio', { name: 'Системная' })).toBeChecked();
  await theme.getByText('Тёмная', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // The attribute is set by index.html's inline page-start script before any module runs.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { themeAtLoad?: string }).themeAtLoad = document.documentElement.dataset.theme;
    });
  });
  await page.reload();
  expect(await page.evaluate(() => (window as unknown as { themeAtLoad?: string }).themeAtLoad)).toBe('dark');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByRole('group', { name: 'Тема' }).getByText('Светлая', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByRole('group', { name: 'Тема' }).getByText('Системная', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test("in the dark theme a board's area is a dark tone of its colour, and its names read at 4.5:1", async ({
  browser,
  request,
}) => {
  const owner = await registerAccount(request, 'Тёмная Тема');
  const boardId = await createBoard(request, owner, 'Ночная доска');
  const page = await newPage(browser, 1280, 800, 'dark');
  await useToken(page, owner);
  await page.goto(`/board/${boardId}`);
  await expect(page.getByRole('heading', { name: 'Нужно сделать', level: 2 })).toBeVisible();

  // Colours as the browser paints them (color-mix, oklab…), read back through a canvas pixel.
  const measured = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D;
    const rgb = (css: string) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = css;
      context.fillRect(0, 0, 1, 1);
      return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    };
    const luminance = ([r, g, b]: number[]) => {
      const [R, G, B] = [r, g, b].map((v) => {
        const c = (v as number) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * (R as number) + 0.7152 * (G as number) + 0.0722 * (B as number);
    };
    const contrast = (a: number[], b: number[]) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return ((hi as number) + 0.05) / ((lo as number) + 0.05);
    };
    const area = rgb(getComputedStyle(document.querySelector('.bv-page') as Element).backgroundColor);
    const name = document.querySelector('.bv-menu h1') as Element;
    const column = document.querySelector('section[data-column-id] h2') as Element;
    // What the column's name is painted on: the nearest box with a background of its own.
    let box: Element | null = column;
    while (box && /rgba\(0, 0, 0, 0\)|transparent/.test(getComputedStyle(box).backgroundColor)) {
      box = box.parentElement;
    }
    return {
      area: luminance(area),
      name: contrast(rgb(getComputedStyle(name).color), area),
      column: contrast(
        rgb(getComputedStyle(column).color),
        rgb(getComputedStyle(box ?? column).backgroundColor),
      ),
    };
  });
  // Dark: white text on it would read at 7:1 or more.
  expect(measured.area).toBeLessThan(0.1);
  expect(measured.name).toBeGreaterThanOrEqual(4.5);
  expect(measured.column).toBeGreaterThanOrEqual(4.5);
  await page.context().close();
});
