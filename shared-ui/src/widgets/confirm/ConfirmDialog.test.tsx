import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Modal } from '../modal/Modal';
import { useConfirm } from './ConfirmDialog';

function Harness({
  onAnswer,
  onCloseModal,
}: {
  onAnswer: (answer: boolean) => void;
  onCloseModal: () => void;
}) {
  const { confirm, confirmDialog } = useConfirm();
  const [asked, setAsked] = useState(0);
  return (
    <Modal title="Метки" onClose={onCloseModal}>
      <button
        type="button"
        onClick={async () => {
          setAsked(asked + 1);
          onAnswer(
            await confirm({ title: 'Удалить метку?', message: 'Метка будет снята со всех карточек.' }),
          );
        }}
      >
        Удалить метку
      </button>
      {confirmDialog}
    </Modal>
  );
}

describe('useConfirm', () => {
  beforeEach(() => {
    const root = document.createElement('div');
    root.id = 'modal-root';
    document.body.appendChild(root);
  });

  afterEach(() => {
    cleanup();
    document.getElementById('modal-root')?.remove();
  });

  it('resolves true on the confirming button', async () => {
    const onAnswer = vi.fn();
    render(<Harness onAnswer={onAnswer} onCloseModal={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Удалить метку' }));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить метку?' });
    expect(dialog.textContent).toContain('Метка будет снята со всех карточек.');
    fireEvent.click(screen.getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith(true));
    expect(screen.queryByRole('dialog', { name: 'Удалить метку?' })).toBeNull();
  });

  it('Escape cancels only the confirmation, not the modal under it', async () => {
    const onAnswer = vi.fn();
    const onCloseModal = vi.fn();
    render(<Harness onAnswer={onAnswer} onCloseModal={onCloseModal} />);
    fireEvent.click(screen.getByRole('button', { name: 'Удалить метку' }));
    await screen.findByRole('dialog', { name: 'Удалить метку?' });
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith(false));
    expect(onCloseModal).not.toHaveBeenCalled();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onCloseModal).toHaveBeenCalledOnce();
  });
});
