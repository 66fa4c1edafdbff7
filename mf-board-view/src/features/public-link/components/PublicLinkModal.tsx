import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button, errorsOf, type FieldErrors, Spinner, TextField, useSubmit } from 'shared-ui';
import { Modal, useConfirmedAction } from 'shared-ui/widgets';
import { useBoard } from '../../../shared/board-context';
import { writeClipboard } from '../../../shared/clipboard';
import { createPublicLink, deletePublicLink, getPublicLink, type PublicLink } from '../api/public-link';
import './public-link.css';

const FAILED = 'Не удалось изменить доступ по ссылке. Попробуйте ещё раз.';
const messageOf = (errors: FieldErrors, fallback: string) =>
  errors.message ?? Object.values(errors)[0] ?? fallback;

/** Where focus goes once an action has changed what the dialog shows. */
type Focus = 'link' | 'enable' | null;

/**
 * PUBLIC_LINK, an administrator's 'Доступ по ссылке': the board's read-only link for anyone, without
 * signing in (the public route, /p/{token}). Off: 'Включить доступ по ссылке'. On: the link in a
 * read-only field with 'Скопировать', 'Новая ссылка' and 'Выключить'; the last two ask first, as the
 * link that was shared stops working at once, and its open pages with it.
 */
export function PublicLinkModal({ onClose }: { onClose: () => void }) {
  const { id: boardId } = useBoard();
  // Undefined while loading.
  const [link, setLink] = useState<PublicLink | null | undefined>(undefined);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [focus, setFocus] = useState<Focus>(null);
  const enable = useSubmit();
  const onError = (errors: FieldErrors) => setError(messageOf(errors, FAILED));
  const replace = useConfirmedAction({ onError });
  const turnOff = useConfirmedAction({ onError });
  const field = useRef<HTMLInputElement>(null);
  const enableArea = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each attempt ('Повторить') loads again
  useEffect(() => {
    let current = true;
    setLoadError(null);
    getPublicLink(boardId).then(
      (answer) => current && setLink(answer.link),
      (failure: unknown) =>
        current && setLoadError(messageOf(errorsOf(failure), 'Не удалось узнать, включён ли доступ.')),
    );
    return () => {
      current = false;
    };
  }, [boardId, attempt]);

  useEffect(() => {
    if (focus === 'link') field.current?.focus();
    if (focus === 'enable') enableArea.current?.querySelector('button')?.focus();
    if (focus) setFocus(null);
  }, [focus]);

  const show = (next: PublicLink | null, text: string) => {
    setError(null);
    setLink(next);
    setNotice(text);
    setFocus(next ? 'link' : 'enable');
  };

  const onEnable = () =>
    void enable.submit(async () => show(await createPublicLink(boardId), 'Доступ по ссылке включён.'), {
      after: 'default',
    });

  const onReplace = () =>
    void replace.run(
      {
        title: 'Сделать новую ссылку?',
        message:
          'Старая ссылка сразу перестанет работать: у всех, кому вы её отправили, доска по ней закроется.',
        confirmText: 'Сделать новую ссылку',
      },
      async () => show(await createPublicLink(boardId), 'Новая ссылка готова, старая больше не работает.'),
    );

  const onTurnOff = () =>
    void turnOff.run(
      {
        title: 'Выключить доступ по ссылке?',
        message: 'Ссылка сразу перестанет работать, и открытые по ней страницы доски закроются.',
        confirmText: 'Выключить',
      },
      async () => {
        await deletePublicLink(boardId);
        show(null, 'Доступ по ссылке выключен.');
      },
    );

  const onCopy = async (url: string) => {
    if (await writeClipboard(url)) {
      setNotice('Ссылка скопирована.');
      return;
    }
    // Refused (no secure context): the link is selected for the user to copy.
    field.current?.focus();
    field.current?.select();
    setNotice('Скопируйте выделенную ссылку.');
  };

  let body: ReactNode;
  if (loadError) {
    body = (
      <div className="bv-public-link__state" role="alert">
        <p>{loadError}</p>
        <Button variant="secondary" onClick={() => setAttempt((value) => value + 1)}>
          Повторить
        </Button>
      </div>
    );
  } else if (link === undefined) {
    body = (
      <div className="bv-public-link__state">
        <Spinner label="Загрузка…" />
      </div>
    );
  } else if (link === null) {
    body = (
      <div ref={enableArea} className="bv-public-link__off">
        <p>Доступ по ссылке выключен.</p>
        <Button status={enable.status} onClick={onEnable}>
          Включить доступ по ссылке
        </Button>
      </div>
    );
  } else {
    const busy = replace.status === 'processing' || turnOff.status === 'processing';
    body = (
      <>
        <TextField
          ref={field}
          label="Ссылка на доску"
          name="public-link"
          readOnly
          value={link.url}
          onFocus={(event) => event.currentTarget.select()}
          hint="Скопируйте её и отправьте тем, кому нужно видеть доску."
        />
        <div className="bv-public-link__actions">
          <Button onClick={() => void onCopy(link.url)}>Скопировать</Button>
          <Button variant="secondary" status={replace.status} disabled={busy} onClick={onReplace}>
            Новая ссылка
          </Button>
          <Button variant="fail" status={turnOff.status} disabled={busy} onClick={onTurnOff}>
            Выключить
          </Button>
        </div>
      </>
    );
  }

  return (
    <Modal title="Доступ по ссылке" width={500} onClose={onClose}>
      <p className="bv-public-link__intro">
        По ссылке доску видит любой, даже без входа: колонки, карточки, метки и комментарии — только для
        чтения, с изменениями в реальном времени. Адреса почты участников не показываются.
      </p>
      {body}
      <p className="bv-public-link__notice" role="status">
        {notice}
      </p>
      {(error ?? enable.errors.message) && (
        <p className="bv-public-link__error" role="alert">
          {error ?? enable.errors.message}
        </p>
      )}
      {replace.confirmDialog}
      {turnOff.confirmDialog}
    </Modal>
  );
}
