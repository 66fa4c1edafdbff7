import { type ReactNode, useId } from 'react';
import './settings-card.css';

interface SettingsCardProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** One section of the settings page: a titled card (a landmark named by its title). */
export function SettingsCard({ title, description, children, className }: SettingsCardProps) {
  const titleId = useId();
  return (
    <section className={['settings-card', className].filter(Boolean).join(' ')} aria-labelledby={titleId}>
      <h2 className="settings-card__title" id={titleId}>
        {title}
      </h2>
      {description && <p className="settings-card__description">{description}</p>}
      {children}
    </section>
  );
}
