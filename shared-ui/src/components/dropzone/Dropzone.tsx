/**
 * A file drop area (react-dropzone): click or Enter/Space opens the file picker, files can be dropped
 * on it. Rejected files are listed under the area in Russian. With `multiple` off the picker offers one
 * file and of several dropped files the first accepted one is used (SPEC: "the first dropped file is
 * used") rather than all being refused as 'Слишком много файлов'.
 */
import { type ReactNode, useState } from 'react';
import { type Accept, type FileRejection, useDropzone } from 'react-dropzone';
import { rejectionLines } from './rejection-text';
import './dropzone.css';

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

export function Dropzone({
  onFiles,
  label,
  children,
  hint,
  accept,
  multiple = false,
  maxSize,
  minSize,
  maxFiles,
  disabled = false,
  className,
}: DropzoneProps) {
  const [rejected, setRejected] = useState<string[]>([]);
  const onDrop = (accepted: File[], rejections: FileRejection[]) => {
    if (multiple) {
      setRejected(rejectionLines(rejections));
      if (accepted.length > 0) onFiles(accepted);
      return;
    }
    // One file wanted: the first usable one; a refusal is shown only when none was usable.
    const [first] = accepted;
    setRejected(first ? [] : rejectionLines(rejections.slice(0, 1)));
    if (first) onFiles([first]);
  };
  const { getRootProps, getInputProps, isDragActive, isDragReject } = useDropzone({
    onDrop,
    // Always take several from a drop; the component keeps the first one itself when `multiple` is off.
    multiple: true,
    ...(accept && { accept }),
    ...(maxSize !== undefined && { maxSize }),
    ...(minSize !== undefined && { minSize }),
    ...(multiple && maxFiles !== undefined && { maxFiles }),
    disabled,
  });

  const areaClass = [
    'ui-dropzone__area',
    isDragActive && 'ui-dropzone__area--active',
    isDragActive && isDragReject && 'ui-dropzone__area--reject',
    disabled && 'ui-dropzone__area--disabled',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={['ui-dropzone', className].filter(Boolean).join(' ')}>
      <div
        {...getRootProps({
          className: areaClass,
          role: 'button',
          'aria-label': label,
          'aria-disabled': disabled || undefined,
        })}
      >
        <input {...getInputProps({ multiple })} data-testid="dropzone-input" />
        <div className="ui-dropzone__content">{children ?? label}</div>
        {hint && <div className="ui-dropzone__hint">{hint}</div>}
      </div>
      {rejected.length > 0 && (
        <ul className="ui-dropzone__errors" role="alert">
          {rejected.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
