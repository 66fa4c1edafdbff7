import type { ReactNode } from 'react';
import type { Accept } from 'react-dropzone';

export interface DropzoneProps {
  /** The accepted files, in the order given (only the first one when `multiple` is off). */
  onFiles: (files: File[]) => void;
  /** Accessible name of the area, e.g. 'Загрузить файл'. */
  label: string;
  /** What the area shows; defaults to the label. */
  children?: ReactNode;
  /** A smaller line under the content. */
  hint?: ReactNode;
  accept?: Accept;
  multiple?: boolean;
  maxSize?: number;
  minSize?: number;
  /** With `multiple`: more files than this are all refused ('Слишком много файлов'). */
  maxFiles?: number;
  disabled?: boolean;
  className?: string;
}
