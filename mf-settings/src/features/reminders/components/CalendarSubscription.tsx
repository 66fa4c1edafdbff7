import { useEffect, useId, useRef, useState } from 'react';
import { Button, FormError, Spinner, type Status, TextField, useSubmit } from 'shared-ui';
import { useLoad } from 'shared-ui/load';
import { useConfirmedAction } from 'shared-ui/widgets';
import { copyText } from '../../../shared/copy-text';
import { createCalendarUrl } from '../api/create-calendar-url';
import { getCalendarUrl } from '../api/get-calendar-url';

const COPIED_FOR_MS = 2000;

/**
 * 'Подписаться в календаре': the private address of the feed of the user's tasks with due dates,
 * made on the first request and replaced by 'Сбросить ссылку' (which kills the old one, so it asks
 * first).
 */
export function CalendarSubscription() {
  const calendar = useLoad(getCalendarUrl);
  const url = calendar.data?.url ?? null;
  const [copyStatus, setCopyStatus] = useState<Status>('default');
  const [announcement, setAnnouncement] = useState('');
  const create = useSubmit();
  const reset = useConfirmedAction({ onError: create.setErrors });
  const inputRef = useRef<HTMLInputElement>(null);
  const titleId = useId();

  useEffect(() => {
    if (copyStatus !== 'success' && copyStatus !== 'error') return;
    const timer = setTimeout(() => setCopyStatus('default'), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copyStatus]);

  const show = (url: string, message: string) => {
    calendar.replace({ url });
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
    if (!url) return;
    copyText(url, inputRef.current).then(
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
      {calendar.status === 'loading' && <Spinner label="Загрузка ссылки на календарь" />}
      {calendar.status === 'error' && (
        <div className="reminders__error" role="alert">
          <p>Не удалось загрузить ссылку на календарь.</p>
          <Button variant="secondary" onClick={() => void calendar.reload()}>
            Повторить
          </Button>
        </div>
      )}
      {calendar.status === 'success' && (
        <>
          <FormError>{create.errors.message}</FormError>
          {url === null ? (
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
                  value={url}
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
