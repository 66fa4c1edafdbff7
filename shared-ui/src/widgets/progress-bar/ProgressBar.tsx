import './progress-bar.css';

export interface ProgressBarProps {
  /** Percent done, 0-100 (rounded and clamped). */
  value: number;
  /** Accessible name, e.g. 'Загрузка «отчёт.pdf»'. */
  label: string;
  className?: string;
}

export function ProgressBar({ value, label, className }: ProgressBarProps) {
  const percent = Math.round(Math.min(100, Math.max(0, Number.isFinite(value) ? value : 0)));
  return (
    <div
      className={['ui-progress', className].filter(Boolean).join(' ')}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}%`}
    >
      <div className="ui-progress__bar" style={{ width: `${percent}%` }} />
    </div>
  );
}
