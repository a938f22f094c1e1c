import { WHY_US } from '#shared/content/builtin';
import { AwardIcon, HeartIcon, TrendingUpIcon } from '../../../components/icons';

const ICONS = { award: AwardIcon, heart: HeartIcon, trending: TrendingUpIcon } as const;

export function WhyUs() {
  return (
    <section className="section" aria-labelledby="why-us-heading">
      <div className="container">
        <div className="section-header">
          <p className="eyebrow">Why Us</p>
          <h2 id="why-us-heading" className="section-title">
            {WHY_US.heading}
          </h2>
          <p className="section-intro">{WHY_US.intro}</p>
        </div>
        <ul className="feature-grid">
          {WHY_US.cards.map((card) => {
            const Icon = ICONS[card.icon];
            return (
              <li key={card.title} className="feature-card">
                <span className="feature-card__icon">
                  <Icon size={26} />
                </span>
                <h3 className="feature-card__title">{card.title}</h3>
                <p className="feature-card__text">{card.text}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
