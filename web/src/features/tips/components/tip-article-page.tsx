import '../../../styles/content.css';
import { BUSINESS } from '#shared/content/builtin';
import { CONTENT_TEXTS, plainText, type Tip } from '#shared/content/public-content';
import { findTip, formatLongDate, tipExcerpt } from '#shared/content/tips-content';
import { articleJsonLd } from '../../../components/article-json-ld';
import { ArrowLeftIcon, BookOpenIcon, CalendarIcon, UserIcon } from '../../../components/content-icons';
import { ContentImage } from '../../../components/content-image';
import { ArrowRightIcon, PawIcon } from '../../../components/icons';
import { JsonLd } from '../../../components/json-ld';
import { RichText } from '../../../components/rich-text';
import { Seo } from '../../../components/seo';
import { useSiteUrl } from '../../../lib/site';
import { ShareBar } from './share-bar';
import { useTips } from './use-tips';

function TipArticle({ tip }: { tip: Tip }) {
  const siteUrl = useSiteUrl();
  const path = `/tips/${tip.id}`;
  const description = tip.metaDescription || plainText(tip.excerpt) || tipExcerpt(tip);
  return (
    <>
      <Seo
        title={`${tip.title} | ${BUSINESS.name}`}
        description={description}
        path={path}
        image={tip.featuredImage}
        type="article"
        keywords={[...tip.tags, tip.category, 'dog training tips', BUSINESS.location].filter(Boolean).join(', ')}
      />
      <JsonLd
        data={articleJsonLd(siteUrl, {
          path,
          headline: tip.title,
          description,
          image: tip.featuredImage,
          datePublished: tip.publishDate,
          author: tip.author,
          keywords: tip.tags,
          section: tip.category,
        })}
      />
      <article className="tip-article">
        <header className="tip-article__header">
          <div className="container tip-article__narrow">
            <a href="/tips" className="back-link">
              <ArrowLeftIcon size={18} /> Back to Tips
            </a>
            {tip.category && <span className="badge">{tip.category}</span>}
            <h1 className="tip-article__title">{tip.title}</h1>
            <div className="tip-article__meta">
              <time dateTime={tip.publishDate}>
                <CalendarIcon size={16} /> {formatLongDate(tip.publishDate)}
              </time>
              {tip.author && (
                <span>
                  <UserIcon size={16} /> By {tip.author}
                </span>
              )}
              <span>
                <BookOpenIcon size={16} /> {tip.readingTime}
              </span>
            </div>
            {tip.tags.length > 0 && (
              <ul className="tag-list" aria-label="Tags">
                {tip.tags.map((t) => (
                  <li key={t} className="tag">
                    {t}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </header>
        <div className="container tip-article__narrow tip-article__body">
          {tip.excerpt && (
            <blockquote className="tip-article__excerpt">
              <p>{tip.excerpt}</p>
            </blockquote>
          )}
          {tip.featuredImage && (
            <ContentImage
              className="tip-article__image"
              src={tip.featuredImage}
              alt=""
              width={1200}
              height={675}
              sizes="(max-width: 800px) 100vw, 760px"
              priority
            />
          )}
          <RichText text={tip.content} headings className="article-body" />
          <ShareBar title={tip.title} />
          <div className="tip-article__more">
            <a href="/tips" className="btn btn-primary">
              Read More Tips <ArrowRightIcon size={18} />
            </a>
          </div>
        </div>
      </article>
    </>
  );
}

function ArticleNotFound() {
  return (
    <section className="content-missing" aria-labelledby="article-missing-heading">
      <Seo
        title={`${CONTENT_TEXTS.articleNotFoundTitle} | ${BUSINESS.name}`}
        description={CONTENT_TEXTS.articleNotFoundText}
        robots="noindex, nofollow"
      />
      <div className="container content-missing__inner">
        <span className="content-missing__badge" aria-hidden="true">
          <PawIcon size={36} />
        </span>
        <p className="content-missing__reason">{CONTENT_TEXTS.articleNotFound}</p>
        <h1 id="article-missing-heading">{CONTENT_TEXTS.articleNotFoundTitle}</h1>
        <p>{CONTENT_TEXTS.articleNotFoundText}</p>
        <a href="/tips" className="btn btn-primary btn-lg">
          <ArrowLeftIcon size={18} /> Return to Tips
        </a>
      </div>
    </section>
  );
}

/**
 * /tips/{id} (SPEC 2): the article whose id matches the route (as a string) among the store's tips, or
 * the built-in tips when the store is empty or fails.
 */
export function TipArticlePage({ id }: { id: string }) {
  const tips = useTips();
  const tip = findTip(tips.items, id);
  if (tip) return <TipArticle tip={tip} />;
  return <ArticleNotFound />;
}
