import { useCallback, useState } from 'react';
import type { FieldErrors } from '../api/api-client';

/** Local field-keyed errors for forms that do not live in a store (e.g. password reset). */
export function useFieldErrors() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const clearError = useCallback((key: string) => {
    setErrors((current) => {
      if (!(key in current)) return current;
      const { [key]: _removed, ...rest } = current;
      return rest;
    });
  }, []);
  const clearErrors = useCallback(() => setErrors({}), []);
  return { errors, setErrors, clearError, clearErrors };
}
