import { useEffect, useId, useRef, useState } from 'react';
import { Button, TextArea, useLeaveGuard } from 'shared-ui';
import { copyText } from '../../../shared/copy-text';
import type { NewApiToken } from '../api/create-token';

const COPIED_FOR_MS = 2000;

type CopyState = 'default' | 'copied' | 'failed';

/**
 * The secret of a token just made, shown this once: a read-only field 'Новый токен' (focused and
 * selected as the box opens, so Ctrl+C works at once), 'Скопировать' and 'Готово'. When the page may
 * not copy, the text is left selected with 'Выделите и скопируйте вручную'. While it shows, leaving or
 * reloading the page asks first: the secret cannot be shown again.
 */
export function NewTokenBox({ token, onDone }: { token: NewApiToken; onDone: () => void }) {
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const warningId = useId();
  const [copy, setCopy] = useState<CopyState>('default');
  useLeaveGuard(true);

  useEffect(() => {
    fieldRef.current?.focus();
  }, []);

  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('default'), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copy]);

  const copyToken = () =>
    copyText(token.token, fieldRef.current).then(
      () => setCopy('copied'),
      () => {
        // copyText left the text selected; focusing the field (which selects it too) puts Ctrl+C there.
        fieldRef.current?.focus();
        setCopy('failed');
      },
    );

  return (
    <div className="api-tokens__new">
      <p className="api-tokens__warning" id={warningId}>
        Скопируйте токен сейчас: он больше не будет показан
      </p>
      <TextArea
        ref={fieldRef}
        className="api-tokens__secret"
        label="Новый токен"
        name="newToken"
        value={token.token}
        readOnly
        rows={2}
        spellCheck={false}
        autoComplete="off"
        aria-describedby={warningId}
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="api-tokens__new-actions">
        <Button
          status={copy === 'copied' ? 'success' : 'default'}
          successText="Скопировано"
          onClick={copyToken}
        >
          Скопировать
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Готово
        </Button>
      </div>
      <p
        className={`api-tokens__copy-status${copy === 'failed' ? ' api-tokens__copy-status--error' : ''}`}
        role="status"
      >
        {copy === 'copied' && 'Токен скопирован'}
        {copy === 'failed' && 'Выделите и скопируйте вручную'}
      </p>
    </div>
  );
}
