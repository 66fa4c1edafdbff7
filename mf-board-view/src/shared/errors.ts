import type { FieldErrors } from 'shared-ui';

/**
 * The one message a small form shows under its single input: the first of `keys` that has an error,
 * then the general message, then whatever the server said.
 */
export function firstError(errors: FieldErrors, ...keys: string[]): string | undefined {
  for (const key of [...keys, 'message']) {
    const message = errors[key];
    if (message !== undefined) return message;
  }
  return Object.values(errors)[0];
}
