import type { Webhook } from 'contract';
import { useState } from 'react';
import { Button, errorsOf, type FieldErrors, serverNow } from 'shared-ui';
import { useConfirmedAction } from 'shared-ui/widgets';
import { deleteWebhook } from '../api/delete-webhook';
import { editWebhook } from '../api/edit-webhook';
import { eventsText, lastDeliveryText, webhookState } from '../model/webhook-text';

interface WebhookListProps {
  boardId: number;
  webhooks: Webhook[];
  /** The webhook whose test is being sent. */
  testing: number | null;
  onAdd: () => void;
  onEdit: (webhook: Webhook) => void;
  onDeliveries: (webhook: Webhook) => void;
  onTest: (webhook: Webhook) => void;
  /** Turned off or on: the webhook as the server answered, and what to announce. */
  onChanged: (webhook: Webhook, notice: string) => void;
  onDeleted: (webhook: Webhook) => void;
  onError: (message: string) => void;
}

const messageOf = (errors: FieldErrors, fallback: string) =>
  errors.message ?? Object.values(errors)[0] ?? fallback;

/**
 * The board's webhooks: each one's address, events, state and last delivery, with its actions (each
 * named with the address, as every row has the same ones); 'Удалить' asks first. With none, what a
 * webhook is for and 'Добавить вебхук'.
 */
export function WebhookList({
  boardId,
  webhooks,
  testing,
  onAdd,
  onEdit,
  onDeliveries,
  onTest,
  onChanged,
  onDeleted,
  onError,
}: WebhookListProps) {
  const [switching, setSwitching] = useState<number | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const remove = useConfirmedAction({
    onError: (errors) => onError(messageOf(errors, 'Не удалось удалить вебхук. Попробуйте ещё раз.')),
  });
  const now = serverNow();

  const onSwitch = async (webhook: Webhook) => {
    if (switching !== null) return;
    setSwitching(webhook.id);
    try {
      const enabled = !webhook.enabled;
      const saved = await editWebhook(boardId, webhook.id, { enabled });
      onChanged(saved, `Вебхук ${saved.url} ${enabled ? 'включён' : 'выключен'}`);
    } catch (failure) {
      onError(messageOf(errorsOf(failure), 'Не удалось изменить вебхук. Попробуйте ещё раз.'));
    } finally {
      setSwitching(null);
    }
  };

  const onDelete = (webhook: Webhook) =>
    void remove.run(
      {
        title: 'Удалить вебхук?',
        message: `События доски перестанут приходить на ${webhook.url}, а история его доставок удалится.`,
        confirmText: 'Удалить вебхук',
      },
      async () => {
        setRemoving(webhook.id);
        await deleteWebhook(boardId, webhook.id);
        onDeleted(webhook);
      },
    );

  const add = (
    <Button data-focus="add" onClick={onAdd}>
      Добавить вебхук
    </Button>
  );

  if (webhooks.length === 0) {
    return (
      <div className="bv-webhooks__empty">
        <p>
          Вебхуков пока нет. Вебхук отправляет события доски на ваш адрес: в чат, в скрипт, в другую систему.
        </p>
        {add}
        {remove.confirmDialog}
      </div>
    );
  }

  return (
    <>
      <ul className="bv-webhooks__list" aria-label="Вебхуки доски">
        {webhooks.map((webhook) => {
          const state = webhookState(webhook, now);
          const named = (text: string) => `${text} ${webhook.url}`;
          return (
            <li key={webhook.id} className="bv-webhooks__item">
              <div className="bv-webhooks__head">
                <h3 className="bv-webhooks__url" title={webhook.url}>
                  {webhook.url}
                </h3>
                <span className={`bv-webhooks__badge bv-webhooks__badge--${state.tone}`}>{state.text}</span>
              </div>
              <p className="bv-webhooks__meta">{eventsText(webhook.events)}</p>
              <p className="bv-webhooks__meta">{lastDeliveryText(webhook.lastDelivery, now)}</p>
              <div className="bv-webhooks__actions">
                <Button
                  size="small"
                  variant="secondary"
                  data-focus={`edit-${webhook.id}`}
                  aria-label={named('Изменить вебхук')}
                  onClick={() => onEdit(webhook)}
                >
                  Изменить
                </Button>
                <Button
                  size="small"
                  variant="secondary"
                  status={testing === webhook.id ? 'processing' : 'default'}
                  aria-label={named('Отправить тест на')}
                  onClick={() => onTest(webhook)}
                >
                  Отправить тест
                </Button>
                <Button
                  size="small"
                  variant="secondary"
                  data-focus={`deliveries-${webhook.id}`}
                  aria-label={named('Доставки вебхука')}
                  onClick={() => onDeliveries(webhook)}
                >
                  Доставки
                </Button>
                <Button
                  size="small"
                  variant="secondary"
                  status={switching === webhook.id ? 'processing' : 'default'}
                  aria-label={named(webhook.enabled ? 'Выключить вебхук' : 'Включить вебхук')}
                  onClick={() => void onSwitch(webhook)}
                >
                  {webhook.enabled ? 'Выключить' : 'Включить'}
                </Button>
                <Button
                  size="small"
                  variant="fail"
                  status={
                    removing === webhook.id && remove.status === 'processing' ? 'processing' : 'default'
                  }
                  aria-label={named('Удалить вебхук')}
                  onClick={() => onDelete(webhook)}
                >
                  Удалить
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <div className="bv-webhooks__footer">{add}</div>
      {remove.confirmDialog}
    </>
  );
}
