import type { FileError, FileRejection } from 'react-dropzone';

import { formatFileSize } from '../../format/file-size';
import { plural } from '../../format/plural';

/**
 * A limit after "больше"/"меньше": '50 МБ' from a kilobyte up (formatFileSize), else 'N байт' in the
 * genitive, singular for 1, 21, 31… (not 11).
 */
function sizeText(count: number): string {
  if (count >= 1024) return formatFileSize(count);
  return `${count} ${plural(count, { one: 'байта', few: 'байт', many: 'байт' })}`;
}

/**
 * react-dropzone's rejection messages in Russian. Its English texts are fixed in 14.x
 * ('File type must be …', 'File is larger than N bytes', 'File is smaller than N bytes',
 * 'Too many files'); anything else (a custom validator's message) is shown as it is.
 */
export function rejectionText(error: Pick<FileError, 'code' | 'message'>): string {
  const { code, message } = error;
  if (code === 'file-invalid-type') {
    const accept = message.replace(/^File type must be /, '');
    return accept.startsWith('one of ')
      ? `Тип файла должен быть одним из: ${accept.slice('one of '.length)}`
      : `Тип файла должен быть ${accept}`;
  }
  const size = /(\d+)/.exec(message)?.[1];
  if (code === 'file-too-large' && size) return `Файл больше ${sizeText(Number(size))}`;
  if (code === 'file-too-small' && size) return `Файл меньше ${sizeText(Number(size))}`;
  if (code === 'too-many-files') return 'Слишком много файлов';
  return message;
}

/** One line per rejected file: «name»: what is wrong. */
export function rejectionLines(rejections: readonly FileRejection[]): string[] {
  return rejections.map(
    ({ file, errors }) => `«${file.name}»: ${errors.map((item) => rejectionText(item)).join('; ')}`,
  );
}
