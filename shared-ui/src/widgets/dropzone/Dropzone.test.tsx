import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dropzone } from './Dropzone';
import { rejectionText } from './rejection-text';

afterEach(cleanup);

const pick = async (files: File[]) =>
  fireEvent.change(await screen.findByTestId('dropzone-input'), { target: { files } });

describe('rejectionText', () => {
  it("translates react-dropzone's messages", () => {
    expect(rejectionText({ code: 'file-invalid-type', message: 'File type must be image/*' })).toBe(
      'Тип файла должен быть image/*',
    );
    expect(
      rejectionText({ code: 'file-invalid-type', message: 'File type must be one of image/png, .png' }),
    ).toBe('Тип файла должен быть одним из: image/png, .png');
    expect(rejectionText({ code: 'file-too-large', message: 'File is larger than 1024 bytes' })).toBe(
      'Файл больше 1\u00a0КБ',
    );
    expect(rejectionText({ code: 'file-too-large', message: 'File is larger than 1 byte' })).toBe(
      'Файл больше 1 байта',
    );
    expect(rejectionText({ code: 'file-too-small', message: 'File is smaller than 10 bytes' })).toBe(
      'Файл меньше 10 байт',
    );
    expect(rejectionText({ code: 'too-many-files', message: 'Too many files' })).toBe('Слишком много файлов');
    expect(rejectionText({ code: 'custom', message: 'Свой текст' })).toBe('Свой текст');
  });
});

describe('Dropzone', () => {
  it('is a labelled button; of several files only the first is used when multiple is off', async () => {
    const onFiles = vi.fn();
    render(<Dropzone label="Загрузить файл" onFiles={onFiles} accept={{ 'image/*': [] }} />);
    // Drawn at once, busy and without a file input until react-dropzone has loaded.
    const placeholder = screen.getByRole('button', { name: 'Загрузить файл' });
    expect(placeholder.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByTestId('dropzone-input')).toBeNull();
    // A file dropped meanwhile is not opened by the browser in place of the page.
    expect(fireEvent.drop(placeholder)).toBe(false);
    const input = await screen.findByTestId('dropzone-input');
    const area = screen.getByRole('button', { name: 'Загрузить файл' });
    expect(area.getAttribute('aria-busy')).toBeNull();
    // The picker has a name of its own, sits beside the button, not inside it, and is not a second
    // button for assistive technology.
    expect(input.getAttribute('aria-label')).toBe('Загрузить файл');
    expect(input.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getAllByRole('button', { name: 'Загрузить файл' })).toHaveLength(1);
    expect(area.contains(input)).toBe(false);
    const a = new File(['a'], 'a.png', { type: 'image/png' });
    const b = new File(['b'], 'b.png', { type: 'image/png' });
    await pick([a, b]);
    await waitFor(() => expect(onFiles).toHaveBeenCalledWith([a]));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows refusals in Russian', async () => {
    const onFiles = vi.fn();
    render(<Dropzone label="Файлы" multiple maxSize={3} onFiles={onFiles} accept={{ 'image/*': [] }} />);
    await pick([
      new File(['abc'], 'ok.png', { type: 'image/png' }),
      new File(['x'], 'doc.pdf', { type: 'application/pdf' }),
      new File(['12345'], 'big.png', { type: 'image/png' }),
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('«doc.pdf»: Тип файла должен быть image/*');
    expect(alert.textContent).toContain('«big.png»: Файл больше 3 байт');
    expect(onFiles).toHaveBeenCalledWith([expect.objectContaining({ name: 'ok.png' })]);
  });

  it('refuses too many files', async () => {
    render(<Dropzone label="Файлы" multiple maxFiles={1} onFiles={() => {}} />);
    await pick([new File(['a'], 'a.txt'), new File(['b'], 'b.txt')]);
    expect((await screen.findByRole('alert')).textContent).toContain('«a.txt»: Слишком много файлов');
  });
});
