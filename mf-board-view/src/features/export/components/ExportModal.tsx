import type { ExportFormat } from 'contract';
import { useState } from 'react';
import { Button, downloadFile, errorsOf } from 'shared-ui';
import { Modal } from 'shared-ui/widgets';
import { useBoard } from '../../../shared/board-context';
import './export.css';

const FORMATS: { format: ExportFormat; title: string; text: string }[] = [
  {
    format: 'json',
    title: 'JSON',
    text: 'Вся доска: колонки, карточки с чек-листами и комментариями, метки, участники и архив. Подходит, чтобы перенести доску на другой сервер.',
  },
  {
    format: 'zip',
    title: 'ZIP',
    text: 'То же, что JSON, вместе с прикреплёнными файлами.',
  },
  {
    format: 'csv',
    title: 'CSV',
    text: 'Таблица, строка на карточку: открывается в Excel и Google Таблицах.',
  },
];

/** EXPORT_BOARD: the board downloaded as JSON (everything), ZIP (with the files) or CSV (a table), by any member. */
export function ExportModal({ onClose }: { onClose: () => void }) {
  const board = useBoard();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [error, setError] = useState<string | null>(null);
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const download = async (format: ExportFormat) => {
    setBusy(format);
    setError(null);
    try {
      const query = new URLSearchParams({ format, tz: timeZone });
      await downloadFile(`/api/export/${board.id}?${query}`, `${board.name}.${format}`);
    } catch (failure) {
      setError(errorsOf(failure).message ?? 'Не удалось скачать. Попробуйте ещё раз.');
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal title="Экспорт доски" width={500} onClose={onClose}>
      <ul className="bv-export__list">
        {FORMATS.map(({ format, title, text }) => (
          <li key={format} className="bv-export__item">
            <div>
              <h3 className="bv-export__title">{title}</h3>
              <p className="bv-export__text">{text}</p>
            </div>
            <Button
              variant="secondary"
              status={busy === format ? 'processing' : 'default'}
              disabled={busy !== null && busy !== format}
              aria-label={`Скачать ${title}`}
              onClick={() => void download(format)}
            >
              Скачать
            </Button>
          </li>
        ))}
      </ul>
      {error && (
        <p className="bv-export__error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
