import type { ApiToken } from 'contract/tokens';
import { type RefObject, useId, useState } from 'react';
import { Button, Spinner, serverNow, useFieldErrors } from 'shared-ui';
import type { Load } from 'shared-ui/load';
import { useConfirmedAction } from 'shared-ui/widgets';
import { revokeToken } from '../api/revoke-token';
import { createdText, expiryText, lastUseText, SCOPE_TITLES } from '../model/token-text';

interface TokenListProps {
  tokens: Load<ApiToken[]>;
  /** 'Ваши токены', where focus goes when the focused button goes away (a revoked row, a closed box). */
  headingRef: RefObject<HTMLHeadingElement | null>;
  onRevoked: (token: ApiToken) => void;
}

/**
 * 'Ваши токены': each token's name, scope, dates and last use, with 'Отозвать' behind a confirmation.
 * Loading, a failure with 'Повторить', and 'Токенов пока нет'. A refused revoke says why in its row.
 */
export function TokenList({ tokens, headingRef, onRevoked }: TokenListProps) {
  const headingId = useId();
  const { errors, setErrors, clearErrors } = useFieldErrors();
  const revoke = useConfirmedAction({ onError: setErrors });
  // The token whose row shows the running revoke and its error.
  const [target, setTarget] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const now = serverNow();

  const onRevoke = (token: ApiToken) =>
    void revoke.run(
      {
        title: 'Отозвать токен?',
        message: `Токен «${token.name}» сразу перестанет работать: запросы с ним получат отказ. Вернуть его нельзя, только создать новый.`,
        confirmText: 'Отозвать',
      },
      async () => {
        clearErrors();
        setTarget(token.id);
        setAnnouncement('');
        await revokeToken(token.id);
        onRevoked(token);
        setAnnouncement(`Токен «${token.name}» отозван`);
        headingRef.current?.focus();
      },
    );

  const errorOf = (token: ApiToken) =>
    target === token.id && revoke.status === 'error'
      ? (Object.values(errors)[0] ?? 'Не удалось отозвать токен. Попробуйте ещё раз.')
      : undefined;

  const list = tokens.data;

  return (
    <div className="api-tokens__list-block">
      <h3 className="api-tokens__subtitle" id={headingId} ref={headingRef} tabIndex={-1}>
        Ваши токены
      </h3>
      {tokens.status === 'loading' && !list && <Spinner label="Загрузка токенов" />}
      {tokens.status === 'error' && (
        <div className="api-tokens__load-error" role="alert">
          <p>Не удалось загрузить токены.</p>
          <Button variant="secondary" onClick={() => void tokens.reload()}>
            Повторить
          </Button>
        </div>
      )}
      {list?.length === 0 && <p className="api-tokens__empty">Токенов пока нет</p>}
      {list && list.length > 0 && (
        <ul className="api-tokens__list" aria-labelledby={headingId}>
          {list.map((token) => {
            const error = errorOf(token);
            return (
              <li key={token.id} className="api-tokens__item">
                <div className="api-tokens__info">
                  <p className="api-tokens__name">
                    <span className="api-tokens__name-text">{token.name}</span>
                    <span className="api-tokens__scope">{SCOPE_TITLES[token.scope]}</span>
                  </p>
                  <p className="api-tokens__meta">
                    <span>{createdText(token, now)}</span>
                    <span>{expiryText(token, now)}</span>
                  </p>
                  <p className="api-tokens__meta">{lastUseText(token, now)}</p>
                </div>
                <Button
                  variant="secondary"
                  size="small"
                  status={revoke.status === 'processing' && target === token.id ? 'processing' : 'default'}
                  aria-label={`Отозвать токен «${token.name}»`}
                  onClick={() => onRevoke(token)}
                >
                  Отозвать
                </Button>
                {error && (
                  <p className="api-tokens__row-error" role="alert">
                    {error}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <p className="ui-visually-hidden" role="status">
        {announcement}
      </p>
      {revoke.confirmDialog}
    </div>
  );
}
