/**
 * The drop area itself (react-dropzone), loaded by Dropzone.tsx when first shown. Rejected files are listed under the area in Russian. With `multiple` off the picker offers one
 * file and of several dropped files the first accepted one is used (SPEC: "the first dropped file is
 * used") rather than all being refused as 'Слишком много файлов'.
 */
import { useState } from 'react';
import { type FileRejection, useDropzone } from 'react-dropzone';
import type { DropzoneProps } from './dropzone-props';
import { rejectionLines } from './rejection-text';

export default function DropzoneArea({
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
        <div className="ui-dropzone__content">{children ?? label}</div>
        {hint && <div className="ui-dropzone__hint">{hint}</div>}
      </div>
      {/* Beside the area, not in it: an input inside a role=button is a nested control (axe
          nested-interactive). The area is the one control people use; the picker it opens is named
          (axe label) but hidden from assistive technology, which would otherwise find two buttons. */}
      <input
        {...getInputProps({ multiple, 'aria-label': label, 'aria-hidden': true })}
        data-testid="dropzone-input"
      />
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
