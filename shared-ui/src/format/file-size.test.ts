import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

const NBSP = '\u00a0';

describe('formatFileSize', () => {
  it('uses Russian units, one decimal with a comma, and moves up instead of showing 1024', () => {
    expect(formatFileSize(0)).toBe(`0${NBSP}Б`);
    expect(formatFileSize(1023)).toBe(`1023${NBSP}Б`);
    expect(formatFileSize(1024)).toBe(`1${NBSP}КБ`);
    expect(formatFileSize(1536)).toBe(`1,5${NBSP}КБ`);
    expect(formatFileSize(1024 * 1024 - 1)).toBe(`1${NBSP}МБ`);
    expect(formatFileSize(5.25 * 1024 * 1024)).toBe(`5,3${NBSP}МБ`);
    expect(formatFileSize(1.2 * 1024 ** 3)).toBe(`1,2${NBSP}ГБ`);
    expect(formatFileSize(2048 * 1024 ** 3)).toBe(`2048${NBSP}ГБ`);
    expect(formatFileSize(-1)).toBe('—');
  });
});
