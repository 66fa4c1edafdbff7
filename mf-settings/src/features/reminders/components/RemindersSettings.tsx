import { type ChangeEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  Button,
  Checkbox,
  FormError,
  Spinner,
  type Status,
  TextField,
  useAuthStore,
  useSubmit,
} from 'shared-ui';
import { useConfirmedAction } from 'shared-ui/widgets';
import { SettingsCard } from '../../../components/settings-card/SettingsCard';
import { createCalendarUrl } from '../api/create-calendar-url';
import { getCalendarUrl } from '../api/get-calendar-url';
import { saveEmailReminders } from '../api/save-email-reminders';
import './reminders.css';

/** 'Напоминания': e-mail reminders on or off, and the private calendar feed's address. */
export function RemindersSettings() {
  return (
    <SettingsCard
      title="Напоминания"
      description="О сроках задач, назначенных вам: за 24 часа до срока и когда он истёк. В колокольчике они появляются всегда."
    >
      <EmailReminders />
      <CalendarSubscription />
    </SettingsCard>
  );
}

/** The checkbox saves as it is ticked; a failure puts it back and says why. */
function EmailReminders() {
  const user = useAuthStore((state) => state.user);
  const loadUser = useAuthStore((state) => state.loadUser);
  const saved = user?.emailReminders ?? false;
  const [checked, setChecked] = useState(saved);
  const form = useSubmit();
  const statusId = useId();

  // Follow the stored user (reloaded after a save, or changed in another way) while nothing is pending.
  useEffect(() => {
    if (!form.busy) setChecked(saved);
  }, [saved, form.busy]);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    if (!user) return;
    const next = event.target.checked;
    setChecked(next);
    const done = await form.submit(async () => {
      await saveEmailReminders(user, next);
      await loadUser();
    });
    if (!done) setChecked(!next);
  };

  let statusText = '';
  if (form.status === 'processing') statusText = 'Сохраняем…';
  if (form.status === 'success') statusText = 'Сохранено';
  if (form.status === 'error')
    statusText = Object.values(form.errors)[0] ?? 'Не удалось сохранить. Попробуйте ещё раз.';

  return (
    <div className="reminders__mail">
      <Checkbox
        label="Присылать напоминания о сроках на почту"
        checked={checked}
        disabled={!user || form.busy}
        aria-describedby={statusId}
        onChange={(event) => void onChange(event)}
      />
      <p
        id={statusId}
        className={`reminders__status${form.status === 'error' ? ' reminders__status--error' : ''}`}
        role="status"
      >
        {statusText}
      </p>
    </div>
  );
}

interface CalendarState {
  status: 'loading' | 'success' | 'error';
  url: string | null;
}

const COPIED_FOR_MS = 2000;

/** Copies `text`: the Clipboard API where the page may use it, else the selected `input`. */
async function copyText(text: string, input: HTMLInputElement | null): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Not allowed here (an insecure origin, a denied permission): try the selection.
    }
  }
  input?.select();
  if (!input || typeof document.execCommand !== 'function' || !document.execCommand('copy'))
    throw new Error('copy failed');
}

/**
 * 'Подписаться в календаре': the private address of the feed of the user's tasks with due dates,
 * made on the first request and replaced by 'Сбросить ссылку' (which kills the old one, so it asks
 * first).
 */
function CalendarSubscription() {
  const [state, setState] = useState<CalendarState>({ status: 'loading', url: null });
  const [copyStatus, setCopyStatus] = useState<Status>('default');
  const [announcement, setAnnouncement] = useState('');
  const create = useSubmit();
  const reset = useConfirmedAction({ onError: create.setErrors });
  const inputRef = useRef<HTMLInputElement>(null);
  const titleId = useId();

  const load = useCallback((signal?: AbortSignal) => {
    setState({ status: 'loading', url: null });
    getCalendarUrl(signal).then(
      ({ url }) => {
        if (!signal?.aborted) setState({ status: 'success', url });
      },
      () => {
        if (!signal?.aborted) setState({ status: 'error', url: null });
      },
    );
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  useEffect(() => {
    if (copyStatus !== 'success' && copyStatus !== 'error') return;
    const timer = setTimeout(() => setCopyStatus('default'), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copyStatus]);

  const show = (url: string, message: string) => {
    setState({ status: 'success', url });
    setCopyStatus('default');
    setAnnouncement(message);
  };

  const getLink = () =>
    create.submit(
      async () => {
        const { url } = await createCalendarUrl();
        show(url, 'Ссылка готова');
      },
      { after: 'default' },
    );

  const resetLink = () =>
    reset.run(
      {
        title: 'Сбросить ссылку?',
        message:
          'Старая ссылка сразу перестанет работать, и календари, подписанные на неё, больше не будут обновляться. Подпишитесь заново по новой ссылке.',
        confirmText: 'Сбросить',
      },
      async () => {
        create.reset();
        const { url } = await createCalendarUrl();
        show(url, 'Ссылка сброшена, вот новая');
      },
    );

  const copy = () => {
    if (!state.url) return;
    copyText(state.url, inputRef.current).then(
      () => setCopyStatus('success'),
      () => setCopyStatus('error'),
    );
  };

  return (
    <section className="reminders__calendar" aria-labelledby={titleId}>
      <h3 className="reminders__subtitle" id={titleId}>
        Подписаться в календаре
      </h3>
      <p className="reminders__text">
        Добавьте эту ссылку в Google Календарь, Apple Календарь или Outlook («Добавить календарь по URL»), и
        сроки ваших задач появятся там. Ссылка личная: по ней календарь открывается без входа, не делитесь ею.
      </p>
      {state.status === 'loading' && <Spinner label="Загрузка ссылки на календарь" />}
      {state.status === 'error' && (
        <div className="reminders__error" role="alert">
          <p>Не удалось загрузить ссылку на календарь.</p>
          <Button variant="secondary" onClick={() => load()}>
            Повторить
          </Button>
        </div>
      )}
      {state.status === 'success' && (
        <>
          <FormError>{create.errors.message}</FormError>
          {state.url === null ? (
            <Button status={create.status} onClick={() => void getLink()}>
              Получить ссылку
            </Button>
          ) : (
            <>
              <div className="reminders__link">
                <TextField
                  ref={inputRef}
                  label="Ссылка на календарь"
                  name="calendarUrl"
                  value={state.url}
                  readOnly
                  spellCheck={false}
                  onFocus={(event) => event.currentTarget.select()}
                />
                <Button
                  variant="secondary"
                  status={copyStatus}
                  successText="Скопировано"
                  failText="Не удалось скопировать"
                  onClick={copy}
                >
                  Скопировать
                </Button>
              </div>
              <div className="settings-card__actions">
                <Button variant="secondary" status={reset.status} onClick={() => void resetLink()}>
                  Сбросить ссылку
                </Button>
              </div>
            </>
          )}
        </>
      )}
      <p className="ui-visually-hidden" role="status">
        {announcement}
      </p>
      {reset.confirmDialog}
    </section>
  );
}
