import { type ReactNode, useEffect, useRef } from 'react';
import { Button, FormError, type FormLife } from 'shared-ui';
import './auth-card.css';

interface AuthFormProps {
  /** The form's life (`useAuthForm` or `useSubmit`): its status is the button's. */
  life: FormLife;
  /** What submitting runs, through `life.submit`. */
  request: () => Promise<unknown>;
  /** The form-level error above the fields; the server's `message` unless given. */
  error?: string | undefined;
  submitText: ReactNode;
  successText?: ReactNode;
  /** The fields; the first one is focused when the screen opens. */
  children: ReactNode;
}

/** The form of an auth screen: error above, fields, a full-width submit button. */
export function AuthForm({ life, request, error, submitText, successText, children }: AuthFormProps) {
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => form.current?.querySelector('input')?.focus(), []);

  return (
    <form
      ref={form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void life.submit(request);
      }}
    >
      <FormError>{error ?? life.errors.message}</FormError>
      {children}
      <div className="auth-card__actions">
        <Button type="submit" status={life.status} successText={successText} fullWidth>
          {submitText}
        </Button>
      </div>
    </form>
  );
}
