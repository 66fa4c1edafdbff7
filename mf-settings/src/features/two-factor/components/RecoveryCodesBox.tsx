import { useEffect, useId, useRef } from 'react';
import { Button, useAuthStore, useLeaveGuard } from 'shared-ui';
import { RECOVERY_CODES_FILE_NAME, recoveryCodesFile } from '../model/two-factor-text';
import { saveTextFile } from './save-text-file';
import { useCopy } from './use-copy';

/**
 * The recovery codes just made, shown this once: the list (its heading focused as the box opens),
 * 'Скопировать все', 'Скачать' (a .txt file) and 'Готово'. While it shows, leaving or reloading the
 * page asks first: the codes cannot be shown again.
 */
export function RecoveryCodesBox({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const headingId = useId();
  const warningId = useId();
  const email = useAuthStore((state) => state.user?.email);
  const copy = useCopy(codes.join('\n'), listRef);
  useLeaveGuard(true);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <div className="two-factor__codes-box">
      <h3 className="two-factor__subtitle" id={headingId} ref={headingRef} tabIndex={-1}>
        Коды восстановления
      </h3>
      <p className="two-factor__warning" id={warningId}>
        Сохраните коды: каждый срабатывает один раз, и показаны они только сейчас
      </p>
      <p className="two-factor__text">
        Двухфакторный вход включён. Если приложения не будет под рукой, войдите с одним из этих кодов вместо
        кода из приложения.
      </p>
      <ul
        className="two-factor__codes"
        ref={listRef}
        aria-labelledby={headingId}
        aria-describedby={warningId}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="two-factor__actions">
        <Button
          variant="secondary"
          status={copy.state === 'copied' ? 'success' : 'default'}
          successText="Скопировано"
          onClick={() => void copy.copy()}
        >
          Скопировать все
        </Button>
        <Button
          variant="secondary"
          onClick={() => saveTextFile(RECOVERY_CODES_FILE_NAME, recoveryCodesFile(codes, email))}
        >
          Скачать
        </Button>
        <Button onClick={onDone}>Готово</Button>
      </div>
      <p
        className={`two-factor__copy-status${copy.state === 'failed' ? ' two-factor__copy-status--error' : ''}`}
        role="status"
      >
        {copy.state === 'copied' && 'Коды скопированы'}
        {copy.state === 'failed' && 'Выделите и скопируйте вручную'}
      </p>
    </div>
  );
}
