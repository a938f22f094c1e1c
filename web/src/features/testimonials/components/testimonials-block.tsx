import { BUILTIN_TESTIMONIALS } from '#shared/content/builtin-testimonials';
import { CONTENT_TEXTS, FALLBACK, mapTestimonials, type Testimonial } from '#shared/content/public-content';
import { GeneratedAvatar } from '../../../components/avatar';
import { QuoteIcon } from '../../../components/content-icons';
import { ContentMessage } from '../../../components/content-state';
import { useContentList } from '../../../lib/content/use-content';

/**
 * A client's photo; the generated avatar when there is none or it fails (SPEC 3, 8: the avatar waits in
 * a <template> that lib/static-page/images.ts swaps in).
 */
function ClientPhoto({ name, photo }: { name: string; photo?: string }) {
  if (!photo) return <GeneratedAvatar name={name} size={56} />;
  return (
    <>
      <img
        className="testimonial__photo"
        src={photo}
        alt={name}
        width={56}
        height={56}
        loading="lazy"
        decoding="async"
        data-fallback="template"
      />
      <template>
        <GeneratedAvatar name={name} size={56} />
      </template>
    </>
  );
}

export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <li className="testimonial">
      <figure>
        <QuoteIcon size={32} className="testimonial__mark" />
        <blockquote className="testimonial__quote">
          <p>{testimonial.text}</p>
        </blockquote>
        <figcaption className="testimonial__person">
          <ClientPhoto name={testimonial.name} photo={testimonial.photo} />
          <span>
            <span className="testimonial__name">{testimonial.name}</span>
            {testimonial.location && <span className="testimonial__location">{testimonial.location}</span>}
          </span>
        </figcaption>
      </figure>
    </li>
  );
}

/**
 * What Our Clients Say (SPEC 2): three-column cards with photo, name, location and quote. Falls back to
 * the built-in samples when the store is empty or fails (SPEC 4).
 */
export function TestimonialsBlock() {
  const state = useContentList('testimonials', {
    builtin: BUILTIN_TESTIMONIALS,
    fromRecords: mapTestimonials,
    fallback: FALLBACK.testimonials,
  });
  return (
    <section className="section section--soft testimonials" aria-labelledby="testimonials-heading">
      <div className="container">
        <div className="section-header">
          <p className="eyebrow">Testimonials</p>
          <h2 id="testimonials-heading" className="section-title">
            What Our Clients Say
          </h2>
        </div>
        {state.items.length > 0 ? (
          <ul className="testimonial-grid">
            {state.items.map((t) => (
              <TestimonialCard key={t.id} testimonial={t} />
            ))}
          </ul>
        ) : state.status === 'error' ? (
          <ContentMessage kind="error">{CONTENT_TEXTS.testimonialsError}</ContentMessage>
        ) : (
          <ContentMessage kind="empty">{CONTENT_TEXTS.testimonialsEmpty}</ContentMessage>
        )}
      </div>
    </section>
  );
}
