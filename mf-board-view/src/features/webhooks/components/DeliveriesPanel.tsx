import type { Webhook } from 'contract';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button, errorsOf, Spinner, serverNow } from 'shared-ui';
import { useLoad } from 'shared-ui/load';
import { timeText } from '../../../shared/time-text';
import { listDeliveries } from '../api/list-deliveries';
import { usePoll } from '../model/use-poll';
import { deliveryStatusText, deliveryTone, eventTitle, underWay } from '../model/webhook-text';

interface DeliveriesPanelProps {
  boardId: number;
  webhook: Webhook;
  /** The delivery id of this webhook's last test, if one was sent. */
  ping: string | null;
  testing: boolean;
  onTest: () => void;
  onBack: () => void;
}

/**
 * One webhook's last deliveries, newest first: what was sent, how it went, how many tries, the last
 * answer's code and error, when. Read again a few times while one is pending or retrying, or a test
 * sent from here has not shown up yet. On a narrow screen the table scrolls sideways in its frame.
 */
export function DeliveriesPanel({ boardId, webhook, ping, testing, onTest, onBack }: DeliveriesPanelProps) {
  const deliveries = useLoad((signal) => listDeliveries(boardId, webhook.id, signal), webhook.id);
  const heading = useRef<HTMLHeadingElement>(null);
  const captionId = useId();
  const list = deliveries.data;
  const now = serverNow();

  useEffect(() => heading.current?.focus(), []);

  usePoll(
    list !== null && (list.some(underWay) || (ping !== null && !list.some((item) => item.id === ping))),
    deliveries.reload,
    ping,
  );

  let body: ReactNode;
  if (deliveries.status === 'error' && !list) {
    body = (
      <div className="bv-webhooks__state" role="alert">
        <p>{errorsOf(deliveries.error).message ?? 'Не удалось загрузить доставки.'}</p>
        <Button variant="secondary" onClick={() => void deliveries.reload()}>
          Повторить
        </Button>
      </div>
    );
  } else if (!list) {
    body = (
      <div className="bv-webhooks__state">
        <Spinner label="Загрузка доставок…" />
      </div>
    );
  } else if (list.length === 0) {
    body = (
      <p className="bv-webhooks__state">
        Доставок пока не было. «Отправить тест» проверит адрес, не дожидаясь событий доски.
      </p>
    );
  } else {
    body = (
      // A region that scrolls is a tab stop, so the keyboard can scroll it (axe scrollable-region-focusable).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
      <section className="bv-webhooks__table-frame" tabIndex={0} aria-labelledby={captionId}>
        <table className="bv-webhooks__table">
          <caption id={captionId} className="ui-visually-hidden">
            Последние доставки вебхука {webhook.url}
          </caption>
          <thead>
            <tr>
              <th scope="col">Событие</th>
              <th scope="col">Статус</th>
              <th scope="col">Попытки</th>
              <th scope="col">Код</th>
              <th scope="col">Ошибка</th>
              <th scope="col">Время</th>
            </tr>
          </thead>
          <tbody>
            {list.map((delivery) => (
              <tr key={delivery.id}>
                <td className="bv-webhooks__wrap">{eventTitle(delivery.event)}</td>
                <td>
                  <span className={`bv-webhooks__badge bv-webhooks__badge--${deliveryTone(delivery)}`}>
                    {deliveryStatusText(delivery, now)}
                  </span>
                </td>
                <td>{delivery.attempts}</td>
                <td>{delivery.responseCode ?? '—'}</td>
                <td className="bv-webhooks__wrap">{delivery.error ?? '—'}</td>
                <td className="bv-webhooks__wrap">
                  <time dateTime={delivery.at}>{timeText(delivery.at)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    );
  }

  return (
    <div className="bv-webhooks__deliveries">
      <h3 ref={heading} className="bv-webhooks__subtitle" tabIndex={-1}>
        Доставки
      </h3>
      <p className="bv-webhooks__url bv-webhooks__url--sub" title={webhook.url}>
        {webhook.url}
      </p>
      <div className="bv-webhooks__actions">
        <Button size="small" variant="secondary" onClick={onBack}>
          <span aria-hidden="true">← </span>К списку вебхуков
        </Button>
        <Button size="small" variant="secondary" status={testing ? 'processing' : 'default'} onClick={onTest}>
          Отправить тест
        </Button>
        <Button size="small" variant="secondary" onClick={() => void deliveries.reload()}>
          Обновить
        </Button>
      </div>
      {body}
    </div>
  );
}
