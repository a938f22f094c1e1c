import '../../../styles/content.css';
import { PAGE_INTROS, PAGE_SEO } from '#shared/content/builtin-pages';
import { CONTENT_TEXTS } from '#shared/content/public-content';
import { ContentMessage } from '../../../components/content-state';
import { CtaPanel, PageIntro } from '../../../components/page-intro';
import { Seo } from '../../../components/seo';
import { TipCard } from './tip-card';
import { useTips } from './use-tips';

/** /tips (SPEC 2): Training Tips & Guides, article cards newest first, with the list's states. */
export function TipsPage() {
  const intro = PAGE_INTROS.tips;
  const tips = useTips();
  return (
    <>
      <Seo title={PAGE_SEO.tips.title} description={PAGE_SEO.tips.description} path="/tips" />
      <PageIntro label={intro.label} heading={intro.heading} intro={intro.intro} />
      <section className="section" aria-label="Articles">
        <div className="container">
          {tips.items.length > 0 ? (
            <ul className="tip-grid">
              {tips.items.map((t) => (
                <TipCard key={t.id} tip={t} />
              ))}
            </ul>
          ) : tips.status === 'error' ? (
            <ContentMessage kind="error">{CONTENT_TEXTS.tipsError}</ContentMessage>
          ) : (
            <ContentMessage kind="empty">{CONTENT_TEXTS.tipsEmpty}</ContentMessage>
          )}
        </div>
      </section>
      <CtaPanel
        title="Have a question about your dog?"
        text="Our trainers are happy to help. Tell us what you are working on and we will point you in the right direction."
      >
        <a href="/contact" className="btn btn-light btn-lg">
          Ask a Trainer
        </a>
      </CtaPanel>
    </>
  );
}
