import type { ReactNode } from 'react';
import './auth-card.css';

interface AuthCardProps {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card every auth screen sits in. */
export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  return (
    <div className="auth-page">
      <section className="auth-card">
        <h1 className="auth-card__title">{title}</h1>
        {description && <p className="auth-card__description">{description}</p>}
        {children}
        {footer && <div className="auth-card__footer">{footer}</div>}
      </section>
    </div>
  );
}
