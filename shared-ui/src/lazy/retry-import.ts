/** How long a failed chunk waits before it is asked for again. */
export const IMPORT_RETRY_MS = 1000;

/**
 * A dynamic import that, when the chunk fails to load (offline, a blip), is tried again every
 * IMPORT_RETRY_MS until it loads. For the lazy parts of a screen (the board's modals, 'Корзина',
 * 'Активность', the board list's 'Новая доска'): a failed chunk would otherwise reach the remote's error
 * boundary and take the whole screen down; instead the part waits in its Suspense fallback until the
 * network is back.
 */
export function retryImport<T>(load: () => Promise<T>): Promise<T> {
  return load().catch(
    () => new Promise<T>((resolve) => setTimeout(() => resolve(retryImport(load)), IMPORT_RETRY_MS)),
  );
}
