import type { Webhook, WebhookEvent } from 'contract';
import { WEBHOOK_EVENT_TITLES, WEBHOOK_EVENTS } from 'contract/webhook-events';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button, Checkbox, FormError, TextField, useFormValues, useSubmit } from 'shared-ui';
import { createWebhook } from '../api/create-webhook';
import { editWebhook } from '../api/edit-webhook';
import { generateSecret, inOrder } from '../model/webhook-text';

interface WebhookFormProps {
  boardId: number;
  /** The webhook to change; null adds one. */
  webhook: Webhook | null;
  onSaved: (webhook: Webhook, added: boolean) => void;
  onCancel: () => void;
  /** Whether the form differs from what it started with (closing the dialog then asks). */
  onDirtyChange: (dirty: boolean) => void;
}

const SIGNATURE =
  'Им подписан каждый запрос: заголовок X-Kanban-Signature — sha256= и HMAC-SHA256 тела запроса с этим секретом.';

/**
 * Adding or changing a webhook: its address, its events (all of them for a new one) and its secret.
 * The secret is never shown again once saved: a changed webhook's field starts empty and keeps the old
 * one unless something is typed. The server's refusals show under their fields.
 */
export function WebhookForm({ boardId, webhook, onSaved, onCancel, onDirtyChange }: WebhookFormProps) {
  const form = useSubmit();
  const initialUrl = webhook?.url ?? '';
  const initialEvents = webhook?.events ?? WEBHOOK_EVENTS;
  const { values, field, set } = useFormValues({ url: initialUrl, secret: '' }, form);
  const [events, setEvents] = useState<ReadonlySet<WebhookEvent>>(() => new Set(initialEvents));
  const urlField = useRef<HTMLInputElement>(null);
  const secretField = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const eventsErrorId = useId();

  const dirty =
    values.url !== initialUrl ||
    values.secret !== '' ||
    events.size !== initialEvents.length ||
    initialEvents.some((event) => !events.has(event));
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => urlField.current?.focus(), []);

  const toggle = (event: WebhookEvent, on: boolean) => {
    setEvents((current) => {
      const next = new Set(current);
      if (on) next.add(event);
      else next.delete(event);
      return next;
    });
    form.edited();
    form.clearError('events');
  };

  const onGenerate = () => {
    set('secret', generateSecret());
    form.clearError('secret');
    // Selected, to be copied at once to where the requests are received.
    requestAnimationFrame(() => {
      secretField.current?.focus();
      secretField.current?.select();
    });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const url = values.url.trim();
    const answer: { saved?: Webhook } = {};
    await form.submit(async () => {
      answer.saved = webhook
        ? await editWebhook(boardId, webhook.id, {
            url,
            events: inOrder(events),
            ...(values.secret !== '' && { secret: values.secret }),
          })
        : await createWebhook(boardId, { url, events: inOrder(events), secret: values.secret });
    });
    if (answer.saved) onSaved(answer.saved, webhook === null);
  };

  const { url: _url, events: eventsError, secret: _secret, ...rest } = form.errors;
  const general = rest.message ?? Object.values(rest)[0];

  return (
    <form className="bv-webhooks__form" noValidate aria-labelledby={headingId} onSubmit={onSubmit}>
      <h3 className="bv-webhooks__subtitle" id={headingId}>
        {webhook ? 'Изменить вебхук' : 'Новый вебхук'}
      </h3>
      <FormError>{general}</FormError>
      <TextField
        ref={urlField}
        label="Адрес"
        type="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://"
        hint="Сюда придёт POST-запрос с JSON о каждом выбранном событии."
        {...field('url')}
      />
      <fieldset
        className="bv-webhooks__events"
        aria-describedby={eventsError ? eventsErrorId : undefined}
        aria-invalid={eventsError ? true : undefined}
      >
        <legend className="bv-webhooks__legend">События</legend>
        {WEBHOOK_EVENTS.map((item) => (
          <Checkbox
            key={item}
            name="events"
            value={item}
            label={WEBHOOK_EVENT_TITLES[item]}
            checked={events.has(item)}
            onChange={(change) => toggle(item, change.target.checked)}
          />
        ))}
        {eventsError && (
          <p className="bv-webhooks__field-error" id={eventsErrorId} role="alert">
            {eventsError}
          </p>
        )}
      </fieldset>
      <TextField
        ref={secretField}
        label="Секрет"
        autoComplete="off"
        spellCheck={false}
        hint={
          webhook
            ? `Оставьте пустым, чтобы не менять. ${SIGNATURE}`
            : `Показывается только сейчас: сохраните его там, где принимаете запросы. ${SIGNATURE}`
        }
        addon={
          <button type="button" className="ui-field__addon" onClick={onGenerate}>
            Сгенерировать
          </button>
        }
        {...field('secret')}
      />
      <div className="bv-modal-actions">
        <Button variant="secondary" onClick={onCancel}>
          Отмена
        </Button>
        <Button type="submit" status={form.status}>
          {webhook ? 'Сохранить' : 'Добавить'}
        </Button>
      </div>
    </form>
  );
}
