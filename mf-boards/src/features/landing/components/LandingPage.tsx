import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from 'shared-ui';
import './landing.css';

const ADVANTAGES = [
  {
    title: 'Производительность',
    icon: <polygon points="13 2 3 14 12 14 11 22 21 10 12 10 13 2" />,
    text: 'Карточки летают между колонками быстрее, чем вы успеваете придумать им оправдание. Перетащили задачу в «Готово» — и вы уже в 100500 раз продуктивнее. Ну, по ощущениям.',
  },
  {
    title: 'Безопасность',
    icon: (
      <>
        <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />
        <path d="m9 12 2 2 4-4" />
      </>
    ),
    text: 'Пароли мы храним так надёжно, что сами их не знаем. Вашу доску не увидит никто — даже начальник, если вы благоразумно не пригласите его в участники.',
  },
  {
    title: 'Надежность',
    icon: (
      <>
        <circle cx="12" cy="5" r="3" />
        <path d="M12 22V8" />
        <path d="M5 12H2a10 10 0 0 0 20 0h-3" />
      </>
    ),
    text: 'Карточка всегда лежит ровно в одной колонке: не теряется, не двоится, даже если вся команда тянет её одновременно. Дедлайны, увы, так не умеют.',
  },
] satisfies { title: string; icon: ReactNode; text: string }[];

/** '/' for a visitor: the ironic marketing page with a call to register. */
export function LandingPage() {
  return (
    <div className="landing">
      <section className="landing-hero" aria-labelledby="landing-title">
        <div className="landing-hero__inner">
          <div className="landing-hero__copy">
            <h1 className="landing-hero__title" id="landing-title">
              Увеличьте производительность в 100500 раз
            </h1>
            <p className="landing-hero__subtitle">Таких kanban-досок вы еще не видели</p>
            <Link className="landing-hero__cta" to={paths.register.href()}>
              Создать свою доску
            </Link>
          </div>
          <HeroBoard />
        </div>
      </section>

      <section className="landing-advantages" aria-labelledby="advantages-title">
        <h2 className="landing-advantages__title" id="advantages-title">
          Наши преимущества
        </h2>
        <ul className="landing-advantages__list">
          {ADVANTAGES.map((item) => (
            <li key={item.title} className="landing-advantage">
              <span className="landing-advantage__icon">
                <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
                  {item.icon}
                </svg>
              </span>
              <h3 className="landing-advantage__title">{item.title}</h3>
              <p className="landing-advantage__text">{item.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** A decorative mini board in the hero. */
function HeroBoard() {
  const columns = [
    { name: 'Нужно сделать', cards: ['Придумать план', 'Отложить план'] },
    { name: 'В работе', cards: ['Делать вид, что работаю'] },
    { name: 'Готово', cards: ['Сделать кофе', 'Сделать ещё кофе', 'Закрыть квартал'] },
  ];
  return (
    <div className="landing-hero__board" aria-hidden="true">
      {columns.map((column) => (
        <div key={column.name} className="landing-hero__column">
          <span className="landing-hero__column-name">{column.name}</span>
          {column.cards.map((card) => (
            <span key={card} className="landing-hero__card">
              {card}
            </span>
          ))}
        </div>
      ))}
    </div>
  );
}
