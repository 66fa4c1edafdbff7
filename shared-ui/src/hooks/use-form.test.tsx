import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-client';
import { Button } from '../components/button/Button';
import { TextField } from '../components/fields/TextField';
import { useAuthStore } from '../stores/auth-store';
import { useConfirmedAction } from '../widgets/confirm/ConfirmDialog';
import { useAuthForm, useFormValues, useSubmit } from './use-form';

const rejected = (status: number, body: Record<string, string>) => () =>
  Promise.reject(new ApiError(status, body));

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('useSubmit', () => {
  it('goes processing, then success, and ignores a second submit while the first runs', async () => {
    const { result } = renderHook(() => useSubmit());
    const request = deferred();
    let calls = 0;
    let first!: Promise<boolean>;
    act(() => {
      first = result.current.submit(() => {
        calls += 1;
        return request.promise;
      });
    });
    expect(result.current.status).toBe('processing');
    expect(result.current.busy).toBe(true);
    let second!: boolean;
    await act(async () => {
      second = await result.current.submit(async () => {
        calls += 1;
      });
    });
    expect(second).toBe(false);
    await act(async () => {
      request.resolve();
      expect(await first).toBe(true);
    });
    expect(calls).toBe(1);
    expect(result.current.status).toBe('success');
  });

  it("turns 'Ошибка' back into the button's label once the user acts again or the connection is back", async () => {
    const { result } = renderHook(() => useSubmit());
    const fail = async () => {
      await act(async () => {
        await result.current.submit(
          rejected(503, { message: 'Сервис временно недоступен, повторите попытку' }),
        );
      });
      expect(result.current.status).toBe('error');
    };
    await fail();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(result.current.status).toBe('default');
    await fail();
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    });
    expect(result.current.status).toBe('default');
    // The message stays until the next submit.
    expect(result.current.errors).toEqual({ message: 'Сервис временно недоступен, повторите попытку' });
  });

  it('keeps the server errors per field, clears one when its field is edited, and can reset', async () => {
    const { result } = renderHook(() => useSubmit());
    await act(async () => {
      await result.current.submit(rejected(400, { name: 'Введите название', color: 'Некорректный цвет' }));
    });
    expect(result.current.status).toBe('error');
    expect(result.current.errors).toEqual({ name: 'Введите название', color: 'Некорректный цвет' });

    act(() => result.current.clearError('name'));
    expect(result.current.errors).toEqual({ color: 'Некорректный цвет' });
    act(() => result.current.edited());
    expect(result.current.status).toBe('default');

    act(() => result.current.reset());
    expect(result.current.errors).toEqual({});
  });

  it('can leave the form ready again after success', async () => {
    const { result } = renderHook(() => useSubmit());
    await act(async () => {
      await result.current.submit(async () => {}, { after: 'default' });
    });
    expect(result.current.status).toBe('default');
  });
});

function NameForm({ onSave }: { onSave: (name: string) => Promise<unknown> }) {
  const form = useSubmit();
  const { values, field } = useFormValues({ name: '' }, form);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(() => onSave(values.name));
      }}
    >
      <TextField label="Название" {...field('name')} />
      <Button type="submit" status={form.status} failText="Ошибка">
        Сохранить
      </Button>
    </form>
  );
}

describe('useFormValues', () => {
  afterEach(cleanup);

  it('shows the server error under its field and clears it, and the red button, as the user types', async () => {
    render(<NameForm onSave={rejected(400, { name: 'Введите название' })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Введите название');
    expect(screen.getByRole('button', { name: 'Ошибка' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Доска' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Сохранить' })).toBeTruthy();
  });
});

describe('useAuthForm', () => {
  beforeEach(() => useAuthStore.getState().resetForm('edit'));

  it("reads the store's form, runs its action once at a time and resets the form when the screen is left", async () => {
    const { result, unmount } = renderHook(() => useAuthForm('edit'));
    useAuthStore.setState((state) => ({
      forms: { ...state.forms, edit: { status: 'error', errors: { name: 'Введите имя', email: 'Занят' } } },
    }));
    await waitFor(() => expect(result.current.errors.name).toBe('Введите имя'));

    act(() => result.current.clearError('name'));
    expect(useAuthStore.getState().forms.edit.errors).toEqual({ email: 'Занят' });
    act(() => result.current.edited());
    expect(useAuthStore.getState().forms.edit.status).toBe('default');

    useAuthStore.setState((state) => ({
      forms: { ...state.forms, edit: { status: 'processing', errors: {} } },
    }));
    let ran = false;
    await act(async () => {
      expect(
        await result.current.submit(async () => {
          ran = true;
        }),
      ).toBe(false);
    });
    expect(ran).toBe(false);

    useAuthStore.setState((state) => ({
      forms: { ...state.forms, edit: { status: 'error', errors: { name: 'x' } } },
    }));
    unmount();
    expect(useAuthStore.getState().forms.edit).toEqual({ status: 'default', errors: {} });
  });
});

function DeleteLabel({ action, onError }: { action: () => Promise<unknown>; onError: (e: object) => void }) {
  const remove = useConfirmedAction({ onError });
  return (
    <>
      <Button
        variant="fail"
        status={remove.status}
        onClick={() => void remove.run({ title: 'Удалить метку?' }, action)}
      >
        Удалить
      </Button>
      {remove.confirmDialog}
    </>
  );
}

describe('useConfirmedAction', () => {
  beforeEach(() => {
    const root = document.createElement('div');
    root.id = 'modal-root';
    document.body.appendChild(root);
  });
  afterEach(() => {
    cleanup();
    document.body.innerHTML = '';
  });

  it('does nothing when the confirmation is cancelled', async () => {
    let calls = 0;
    render(
      <DeleteLabel
        action={async () => {
          calls += 1;
        }}
        onError={() => {}}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Удалить' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByText('Удалить метку?')).toBeNull());
    expect(calls).toBe(0);
  });

  it('runs the action once confirmed and hands a failure to the form as field errors', async () => {
    const errors: object[] = [];
    render(
      <DeleteLabel action={rejected(403, { message: 'Нет доступа' })} onError={(e) => errors.push(e)} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Удалить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить метку?' });
    fireEvent.click(dialog.querySelector('.ui-confirm__actions button:last-child') as HTMLElement);
    await waitFor(() => expect(errors).toEqual([{ message: 'Нет доступа' }]));
  });
});
