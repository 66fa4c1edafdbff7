/**
 * The one confirmation dialog of the product (deleting a board, task, column, label or comment,
 * cancelling an invitation, removing a member, leaving a board). It is a Modal of 400px, so it stacks
 * over a board modal: Escape, the backdrop and ✖ cancel only the confirmation.
 */
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { Button, errorsOf, type FieldErrors, type Status } from 'shared-ui';
import { Modal } from '../modal/Modal';
import './confirm.css';

export interface ConfirmOptions {
  /** Dialog title, e.g. 'Удалить доску?'. */
  title: string;
  /** What will happen, in plain words. */
  message?: ReactNode;
  /** Text of the confirming button; defaults to 'Удалить'. */
  confirmText?: string;
  cancelText?: string;
  /** Red confirming button (destructive action); defaults to true. */
  danger?: boolean;
}

export interface ConfirmDialogProps extends ConfirmOptions {
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  title,
  message,
  confirmText = 'Удалить',
  cancelText = 'Отмена',
  danger = true,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal title={title} width={400} onClose={onCancel} className="ui-confirm">
      {message && <p className="ui-confirm__message">{message}</p>}
      <div className="ui-confirm__actions">
        <Button variant="secondary" onClick={onCancel}>
          {cancelText}
        </Button>
        <Button variant={danger ? 'fail' : 'primary'} onClick={onConfirm}>
          {confirmText}
        </Button>
      </div>
    </Modal>
  );
}

/**
 * `const { confirm, confirmDialog } = useConfirm();` — render `confirmDialog` somewhere in the
 * component, then `if (await confirm({ title: 'Удалить метку?' })) …`. Resolves false on cancel.
 */
export function useConfirm() {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);

  const settle = useCallback((answer: boolean) => {
    resolver.current?.(answer);
    resolver.current = null;
    setOptions(null);
  }, []);

  const confirm = useCallback((next: ConfirmOptions) => {
    resolver.current?.(false);
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const confirmDialog = options ? (
    <ConfirmDialog {...options} onConfirm={() => settle(true)} onCancel={() => settle(false)} />
  ) : null;

  return { confirm, confirmDialog };
}

export interface ConfirmedActionOptions {
  /** Receives the server's field-keyed errors when the action fails (usually the form's `setErrors`). */
  onError?: (errors: FieldErrors) => void;
}

/**
 * A destructive action behind the confirmation dialog, with the status of its button:
 * `const remove = useConfirmedAction({ onError: form.setErrors });` then
 * `<Button status={remove.status} onClick={() => void remove.run({ title: 'Удалить метку?' }, () => deleteLabel(…))}>`
 * and `{remove.confirmDialog}` in the component. `run` resolves true once the action succeeded; a
 * cancelled dialog does nothing and resolves false.
 */
export function useConfirmedAction({ onError }: ConfirmedActionOptions = {}) {
  const { confirm, confirmDialog } = useConfirm();
  const [status, setStatus] = useState<Status>('default');

  const run = useCallback(
    async (options: ConfirmOptions, action: () => Promise<unknown>) => {
      if (!(await confirm(options))) return false;
      setStatus('processing');
      try {
        await action();
        setStatus('default');
        return true;
      } catch (error) {
        setStatus('error');
        onError?.(errorsOf(error));
        return false;
      }
    },
    [confirm, onError],
  );

  return { run, status, confirmDialog };
}
