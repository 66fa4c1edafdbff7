import { useState } from 'react';
import { errorsOf, type Status, useFieldErrors } from 'shared-ui';

/** Status and field errors of one reset step (SPEC section 8: failures are stored per field). */
export function useSubmit() {
  const [status, setStatus] = useState<Status>('default');
  const { errors, setErrors, clearError } = useFieldErrors();

  const run = async (request: () => Promise<void>) => {
    if (status === 'processing') return;
    setStatus('processing');
    setErrors({});
    try {
      await request();
      setStatus('success');
    } catch (error) {
      setErrors(errorsOf(error));
      setStatus('error');
    }
  };

  const onClearError = (key: string) => {
    clearError(key);
    if (status === 'error') setStatus('default');
  };

  return { status, errors, setErrors, run, onClearError };
}
