import type { PriorityValue } from 'contract';

export const PRIORITY_TITLES: Record<PriorityValue, string> = {
  low: 'Низкий приоритет',
  medium: 'Средний приоритет',
  high: 'Высокий приоритет',
  critical: 'Критический приоритет',
};

const BARS: Record<PriorityValue, number> = { low: 1, medium: 2, high: 3, critical: 4 };

/** Signal-strength bars in the priority's colour, titled 'Высокий приоритет' and so on. */
export function PriorityIcon({ priority, color }: { priority: PriorityValue; color: string }) {
  const title = PRIORITY_TITLES[priority];
  const filled = BARS[priority];
  return (
    <span className="bv-card__priority" title={title} role="img" aria-label={title}>
      <svg width="16" height="14" viewBox="0 0 16 14" aria-hidden="true">
        {[0, 1, 2, 3].map((bar) => (
          <rect
            key={bar}
            x={bar * 4}
            y={10 - bar * 3}
            width="3"
            height={4 + bar * 3}
            rx="1"
            fill={bar < filled ? color : 'currentColor'}
            opacity={bar < filled ? 1 : 0.18}
          />
        ))}
      </svg>
    </span>
  );
}
