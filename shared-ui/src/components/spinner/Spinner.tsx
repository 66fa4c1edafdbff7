import './spinner.css';

export function Spinner({ label = 'Загрузка…' }: { label?: string }) {
  return (
    <div className="ui-spinner" role="status">
      <span className="ui-spinner__circle" aria-hidden="true" />
      <span className="ui-visually-hidden">{label}</span>
    </div>
  );
}
