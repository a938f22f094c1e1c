import './not-found.css';
import { PAGE_SEO } from '#shared/content/builtin-pages';
import { ArrowLeftIcon, HomeIcon } from '../../../components/content-icons';
import { PawIcon } from '../../../components/icons';
import { Seo } from '../../../components/seo';

/** Any unknown path: back (history back, else home) and Take Me Home. Not indexed. */
export function NotFoundPage() {
  return (
    <>
      <Seo title={PAGE_SEO.notFound.title} description={PAGE_SEO.notFound.description} robots="noindex, nofollow" />
      <section className="not-found" aria-labelledby="not-found-heading">
        <div className="container not-found__inner">
          <span className="not-found__badge" aria-hidden="true">
            <PawIcon size={40} />
          </span>
          <p className="not-found__code">404</p>
          <h1 id="not-found-heading" className="not-found__heading">
            Page Not Found
          </h1>
          <p className="not-found__text">
            Looks like this trail went cold. The page you are looking for may have moved or no longer exists.
          </p>
          <div className="not-found__actions">
            <button type="button" className="btn btn-outline btn-lg" data-back="/">
              <ArrowLeftIcon size={18} /> Go Back
            </button>
            <a href="/" className="btn btn-primary btn-lg">
              <HomeIcon size={18} /> Take Me Home
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
