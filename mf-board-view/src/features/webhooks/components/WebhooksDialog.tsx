import type { Webhook } from 'contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button, errorsOf, Spinner } from 'shared-ui';
import { useLoad } from 'shared-ui/load';
import { Modal } from 'shared-ui/widgets';
import { useBoard } from '../../../shared/board-context';
import { useGuardedClose } from '../../../shared/guarded-close';
import { listWebhooks } from '../api/list-webhooks';
import { testWebhook } from '../api/test-webhook';
import { usePoll } from '../model/use-poll';
import { underWay } from '../model/webhook-text';
import { DeliveriesPanel } from './DeliveriesPanel';
import { WebhookForm } from './WebhookForm';
import { WebhookList } from './WebhookList';
import './webhooks.css';

type View =
  | { kind: 'list' }
  | { kind: 'form'; webhook: Webhook | null }
  | { kind: 'deliveries'; webhook: Webhook };

/** The ping of the last 'Отправить тест', until its delivery settles. */
export interface Ping {
  webhookId: number;
  deliveryId: string;
}

/**
 * An administrator's 'Вебхуки': the board's webhooks (WebhookList), the form that adds or changes one
 * (WebhookForm) and one webhook's deliveries (DeliveriesPanel), one at a time in the one dialog. What
 * the form holds is not kept anywhere (it has a secret): closing the dialog while it differs from
 * what was saved asks first, and so does leaving the page. After 'Отправить тест' the list (and an
 * open deliveries table) is read again a few times until the ping's delivery settles.
 */
export function WebhooksDialog({ onClose }: { onClose: () => void }) {
  const { id: boardId } = useBoard();
  const webhooks = useLoad((signal) => listWebhooks(boardId, signal), boardId);
  const [view, setView] = useState<View>({ kind: 'list' });
  const [notice, setNotice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [ping, setPing] = useState<Ping | null>(null);
  const [testing, setTesting] = useState<number | null>(null);
  const [dirty, setDirty] = useState(false);
  // What gets focus when the list is back: the button that left it, or 'Добавить вебхук'.
  const returnTo = useRef<string | null>(null);
  const listArea = useRef<HTMLDivElement>(null);
  const { requestClose, confirmDialog } = useGuardedClose(
    dirty,
    onClose,
    'Введённое в форму вебхука пропадёт.',
  );

  const pinged = ping ? webhooks.data?.find((webhook) => webhook.id === ping.webhookId) : undefined;
  usePoll(
    view.kind === 'list' &&
      pinged !== undefined &&
      (pinged.lastDelivery?.id !== ping?.deliveryId || underWay(pinged.lastDelivery)),
    webhooks.reload,
    ping?.deliveryId,
  );

  useEffect(() => {
    if (view.kind !== 'list' || !returnTo.current || !webhooks.data) return;
    const area = listArea.current;
    const target =
      area?.querySelector<HTMLElement>(`[data-focus="${returnTo.current}"]`) ??
      area?.querySelector<HTMLElement>('[data-focus="add"]');
    target?.focus();
    returnTo.current = null;
  });

  const show = (next: View, focusKey: string | null = null) => {
    setError(null);
    if (next.kind === 'list') {
      returnTo.current = focusKey ?? 'add';
      setDirty(false);
    }
    setView(next);
  };

  const sendTest = async (webhook: Webhook) => {
    if (testing !== null) return;
    setTesting(webhook.id);
    setError(null);
    setNotice('');
    try {
      const { id } = await testWebhook(boardId, webhook.id);
      setPing({ webhookId: webhook.id, deliveryId: id });
      setNotice(`Тест отправлен на ${webhook.url}`);
    } catch (failure) {
      setError(errorsOf(failure).message ?? 'Не удалось отправить тест. Попробуйте ещё раз.');
    } finally {
      setTesting(null);
    }
  };

  const onSaved = (saved: Webhook, added: boolean) => {
    webhooks.replace((current) => {
      const list = current ?? [];
      return added ? [...list, saved] : list.map((webhook) => (webhook.id === saved.id ? saved : webhook));
    });
    setNotice(added ? `Вебхук ${saved.url} добавлен` : `Вебхук ${saved.url} сохранён`);
    show({ kind: 'list' }, `edit-${saved.id}`);
  };

  let body: ReactNode;
  if (view.kind === 'form') {
    body = (
      <WebhookForm
        boardId={boardId}
        webhook={view.webhook}
        onSaved={onSaved}
        onCancel={() => show({ kind: 'list' }, view.webhook ? `edit-${view.webhook.id}` : 'add')}
        onDirtyChange={setDirty}
      />
    );
  } else if (view.kind === 'deliveries') {
    body = (
      <DeliveriesPanel
        boardId={boardId}
        webhook={view.webhook}
        ping={ping?.webhookId === view.webhook.id ? ping.deliveryId : null}
        testing={testing === view.webhook.id}
        onTest={() => void sendTest(view.webhook)}
        onBack={() => show({ kind: 'list' }, `deliveries-${view.webhook.id}`)}
      />
    );
  } else if (webhooks.status === 'error' && !webhooks.data) {
    body = (
      <div className="bv-webhooks__state" role="alert">
        <p>{errorsOf(webhooks.error).message ?? 'Не удалось загрузить вебхуки.'}</p>
        <Button variant="secondary" onClick={() => void webhooks.reload()}>
          Повторить
        </Button>
      </div>
    );
  } else if (!webhooks.data) {
    body = (
      <div className="bv-webhooks__state">
        <Spinner label="Загрузка вебхуков…" />
      </div>
    );
  } else {
    body = (
      <div ref={listArea}>
        <WebhookList
          boardId={boardId}
          webhooks={webhooks.data}
          testing={testing}
          onAdd={() => show({ kind: 'form', webhook: null })}
          onEdit={(webhook) => show({ kind: 'form', webhook })}
          onDeliveries={(webhook) => show({ kind: 'deliveries', webhook })}
          onTest={(webhook) => void sendTest(webhook)}
          onChanged={(changed, text) => {
            setError(null);
            webhooks.replace((current) =>
              (current ?? []).map((webhook) => (webhook.id === changed.id ? changed : webhook)),
            );
            setNotice(text);
          }}
          onDeleted={(deleted) => {
            setError(null);
            webhooks.replace((current) => (current ?? []).filter((webhook) => webhook.id !== deleted.id));
            setNotice(`Вебхук ${deleted.url} удалён`);
            returnTo.current = 'add';
          }}
          onError={setError}
        />
      </div>
    );
  }

  return (
    <Modal title="Вебхуки" width={600} onClose={requestClose} className="bv-webhooks">
      {body}
      {error && (
        <p className="bv-webhooks__error" role="alert">
          {error}
        </p>
      )}
      <p className="bv-webhooks__notice" role="status">
        {notice}
      </p>
      {confirmDialog}
    </Modal>
  );
}
