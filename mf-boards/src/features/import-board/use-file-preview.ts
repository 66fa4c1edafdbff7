/**
 * The chosen file and what the API says it is. Choosing another file drops the answer still on its
 * way for the one before (its request is aborted), and closing the dialog aborts it too.
 */
import type { ImportPreview } from 'contract/imports';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorsOf } from 'shared-ui';
import { previewImport } from './api/preview-import';

export interface FilePreview {
  file: File | null;
  preview: ImportPreview | null;
  loading: boolean;
  /** Why the file cannot be imported (the API's `file` message, or any other it gave). */
  error: string | null;
}

const EMPTY: FilePreview = { file: null, preview: null, loading: false, error: null };

export function useFilePreview(onPreview: (preview: ImportPreview) => void) {
  const [state, setState] = useState<FilePreview>(EMPTY);
  const request = useRef<AbortController | null>(null);
  const onPreviewRef = useRef(onPreview);
  onPreviewRef.current = onPreview;

  useEffect(() => () => request.current?.abort(), []);

  const choose = useCallback(async (file: File) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setState({ file, preview: null, loading: true, error: null });
    try {
      const preview = await previewImport(file, controller.signal);
      if (controller.signal.aborted) return;
      setState({ file, preview, loading: false, error: null });
      onPreviewRef.current(preview);
    } catch (caught) {
      if (controller.signal.aborted) return;
      const errors = errorsOf(caught);
      const error = errors.file ?? errors.message ?? Object.values(errors)[0] ?? 'Не удалось прочитать файл';
      setState({ file, preview: null, loading: false, error });
    }
  }, []);

  const clear = useCallback(() => {
    request.current?.abort();
    setState(EMPTY);
  }, []);

  return { ...state, choose, clear };
}
