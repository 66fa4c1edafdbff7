import type { ApiToken } from 'contract/tokens';
import { useRef, useState } from 'react';
import { useLoad } from 'shared-ui/load';
import { SettingsCard } from '../../../components/settings-card/SettingsCard';
import type { NewApiToken } from '../api/create-token';
import { listTokens } from '../api/list-tokens';
import { CreateTokenForm } from './CreateTokenForm';
import { NewTokenBox } from './NewTokenBox';
import { TokenList } from './TokenList';
import './api-tokens.css';

/**
 * 'Токены API': personal tokens for scripts and integrations. A short how-to, the form making a token
 * (its secret then shows once, in a box until 'Готово'), and the list with each token's scope, dates,
 * last use and 'Отозвать' (asks first). The secret lives only in this component's state: the list keeps
 * the token without it, and 'Готово', revoking that token or leaving the page forgets it.
 */
export function ApiTokensSettings() {
  const tokens = useLoad(listTokens);
  const [created, setCreated] = useState<NewApiToken | null>(null);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);

  const onCreated = (made: NewApiToken) => {
    const { token: _secret, ...listed } = made;
    // A list not loaded (yet, or after a failure) is read again rather than shown with this one alone.
    if (tokens.status === 'success') tokens.replace((current) => [listed, ...(current ?? [])]);
    else void tokens.reload();
    setCreated(made);
  };

  const onRevoked = (revoked: ApiToken) => {
    tokens.replace((current) => (current ?? []).filter((token) => token.id !== revoked.id));
    if (created?.id === revoked.id) setCreated(null);
  };

  // The box's buttons go away with it: the keyboard goes on from the list, where the new token is first.
  const onDone = () => {
    setCreated(null);
    listHeadingRef.current?.focus();
  };

  return (
    <SettingsCard
      title="Токены API"
      description="Для скриптов и интеграций: токен действует от вашего имени и в пределах ваших ролей на досках."
    >
      <div className="api-tokens__help">
        <p>
          Передавайте токен в заголовке каждого запроса к API:{' '}
          <code className="api-tokens__code">Authorization: Bearer &lt;токен&gt;</code>
        </p>
        <ul>
          <li>С доступом «Чтение» токен только читает; с доступом «Чтение и запись» может и изменять.</li>
          <li>Токеном нельзя сменить пароль или e-mail и управлять токенами: для этого войдите в аккаунт.</li>
        </ul>
      </div>
      <CreateTokenForm onCreated={onCreated} />
      {created && <NewTokenBox key={created.id} token={created} onDone={onDone} />}
      <TokenList tokens={tokens} headingRef={listHeadingRef} onRevoked={onRevoked} />
    </SettingsCard>
  );
}
