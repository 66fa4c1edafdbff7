/**
 * A form's life in one place (SPEC.md section 4: every form has a status and field-keyed server
 * errors that can be cleared per key or reset). `useSubmit` keeps them in the component; `useAuthForm`
 * reads the same life from the auth store, where SPEC.md keeps the account forms. Components use
 * either through the one `FormLife` shape and never hand-write the status dance.
 */
import { type ChangeEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorsOf, type FieldErrors } from '../api/api-client';
import { type AuthForm, useAuthStore } from '../stores/auth-store';
import type { Status } from '../types';
import { useFieldErrors } from './use-field-errors';

export interface SubmitOptions {
  /** The status after the request succeeded: 'success' (green button) or 'default' (form ready again). */
  after?: 'success' | 'default';
}

export interface FormLife {
  status: Status;
  errors: FieldErrors;
  /** A request is running: a second submit is ignored. */
  busy: boolean;
  /**
   * Runs `request` unless one is running: status processing and errors cleared, then success (or
   * `options.after`) or error with the server's field-keyed errors. Resolves true when it succeeded.
   */
  submit: (request: () => Promise<unknown>, options?: SubmitOptions) => Promise<boolean>;
  /** Clears one field's server error (the fields call it when the user edits that field). */
  clearError: (key: string) => void;
  /** The user changed a value: an error or success status goes back to default. */
  edited: () => void;
  /** Status back to default and every error cleared. */
  reset: () => void;
}

export interface LocalFormLife extends FormLife {
  setErrors: (errors: FieldErrors) => void;
}

const isBusy = (status: Status) => status === 'processing' || status === 'loading';

/** A form whose status and errors live in the component. */
export function useSubmit(): LocalFormLife {
  const [status, setStatus] = useState<Status>('default');
  const { errors, setErrors, clearError, clearErrors } = useFieldErrors();
  // The latest status without waiting for a render, so a double click submits once.
  const running = useRef(false);

  const submit = useCallback(
    async (request: () => Promise<unknown>, options: SubmitOptions = {}) => {
      if (running.current) return false;
      running.current = true;
      setStatus('processing');
      clearErrors();
      try {
        await request();
        setStatus(options.after ?? 'success');
        return true;
      } catch (error) {
        setErrors(errorsOf(error));
        setStatus('error');
        return false;
      } finally {
        running.current = false;
      }
    },
    [clearErrors, setErrors],
  );

  const edited = useCallback(
    () => setStatus((current) => (current === 'error' || current === 'success' ? 'default' : current)),
    [],
  );

  // A button reading 'Ошибка' goes back to its label once the user acts again (a key or a press
  // anywhere) or the connection is back; the form's error messages stay until the next submit.
  useEffect(() => {
    if (status !== 'error') return;
    const back = () => setStatus((current) => (current === 'error' ? 'default' : current));
    window.addEventListener('online', back);
    document.addEventListener('keydown', back, true);
    document.addEventListener('pointerdown', back, true);
    return () => {
      window.removeEventListener('online', back);
      document.removeEventListener('keydown', back, true);
      document.removeEventListener('pointerdown', back, true);
    };
  }, [status]);
  const reset = useCallback(() => {
    setStatus('default');
    clearErrors();
  }, [clearErrors]);

  return { status, errors, busy: isBusy(status), submit, clearError, edited, reset, setErrors };
}

/**
 * One of the auth store's forms (login, register, edit, password): `submit` runs a store action,
 * which sets the status and errors itself. The form is reset when the screen is left.
 */
export function useAuthForm(form: AuthForm): FormLife {
  const { status, errors } = useAuthStore((state) => state.forms[form]);
  const resetStatus = useAuthStore((state) => state.resetStatus);
  const clearStoreError = useAuthStore((state) => state.clearError);
  const resetForm = useAuthStore((state) => state.resetForm);

  useEffect(() => () => resetForm(form), [form, resetForm]);

  return useMemo(
    () => ({
      status,
      errors,
      busy: isBusy(status),
      submit: async (request: () => Promise<unknown>) => {
        if (isBusy(useAuthStore.getState().forms[form].status)) return false;
        await request();
        return useAuthStore.getState().forms[form].status === 'success';
      },
      clearError: (key: string) => clearStoreError(form, key),
      edited: () => {
        const current = useAuthStore.getState().forms[form].status;
        if (current === 'error' || current === 'success') resetStatus(form);
      },
      reset: () => resetForm(form),
    }),
    [status, errors, form, clearStoreError, resetStatus, resetForm],
  );
}

type Values = Record<string, string>;

/**
 * The values of a form of text fields. `field(name)` gives a TextField, TextArea, PasswordField or
 * Select its name, value, error and handlers: editing a value marks the form edited and clears the
 * field's error. `touched` turns true at the first edit (a form filled from data that arrives later
 * stops following it then).
 */
export function useFormValues<V extends Values>(
  initial: V,
  life: Pick<FormLife, 'errors' | 'clearError' | 'edited'>,
) {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState(false);
  const set = useCallback(
    <K extends keyof V>(name: K, value: V[K]) => {
      setValues((current) => ({ ...current, [name]: value }));
      setTouched(true);
      life.edited();
    },
    [life.edited],
  );
  const field = (name: keyof V & string) => ({
    name,
    value: values[name] as string,
    error: life.errors[name],
    onClearError: life.clearError,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      set(name, event.target.value as V[typeof name]),
  });
  return { values, setValues, set, field, touched };
}
