import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUILTIN_HERO } from '#shared/content/builtin';
import { ContentImage } from '../components/content-image';
import { Hero } from '../features/home/components/hero';
import { NotFoundPage } from '../features/not-found/components/not-found-page';
import { SuccessStoriesPage } from '../features/success-stories/components/success-stories-page';
import { TestimonialCard } from '../features/testimonials/components/testimonials-block';
import { setContent } from '../lib/content/test-support';
import { renderStaticPage as render } from '../testing/static-page';
import { watchIslands } from './islands';

const setReferrer = (value: string) => Object.defineProperty(document, 'referrer', { value, configurable: true });

afterEach(() => {
  setReferrer('');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Back buttons', () => {
  it.each([
    ['the not-found page', <NotFoundPage key="nf" />, 'Go Back'],
    ['the success stories', <SuccessStoriesPage key="ss" />, 'Back'],
  ])("on %s go back to this site's previous page", async (_, page, name) => {
    setContent({ success_stories: 'none' });
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    window.history.pushState(null, '', '/somewhere');
    setReferrer(`${window.location.origin}/tips`);
    render(page);
    await userEvent.setup().click(screen.getByRole('button', { name }));
    expect(back).toHaveBeenCalledOnce();
  });
});

describe('image fallbacks', () => {
  const fail = (img: Element) => fireEvent.error(img);

  it('a content image that fails shows its fallback, and leaves with its frame when that fails too', () => {
    const { container } = render(
      <ContentImage
        src="/media/about/broken.webp"
        alt="Our trainer"
        width={800}
        height={600}
        fallbackSrc="/images/about/trainer.webp"
        sizes="50vw"
      />,
    );
    const img = screen.getByRole('img', { name: 'Our trainer' });
    fail(img);
    expect(img).toHaveAttribute('src', '/images/about/trainer.webp');
    expect(img).toHaveAttribute(
      'srcset',
      '/images/about/trainer-480.webp 480w, /images/about/trainer-800.webp 800w, /images/about/trainer.webp 1200w',
    );
    expect(img).toHaveAttribute('sizes', '50vw');
    fail(img);
    expect(container.querySelector('.media-frame')).toBeNull();
  });

  it('a content image without a fallback leaves with its frame', () => {
    const { container } = render(<ContentImage src="/media/x.webp" alt="Rex" width={4} height={3} />);
    expect(container.querySelector('.media-frame')).not.toBeNull();
    fail(screen.getByRole('img', { name: 'Rex' }));
    expect(container.querySelector('.media-frame')).toBeNull();
  });

  it("the hero's stored image that fails gives way to the default one with its WebP sizes", () => {
    setContent({ hero: [{ id: 'h', title: '', sort_order: 0, fields: { background_image: 'hero/big.jpg' } }] });
    const { container } = render(<Hero />);
    const img = container.querySelector('img.hero__image') as HTMLImageElement;
    expect(img.getAttribute('src')).not.toBe(BUILTIN_HERO.backgroundImage);
    expect(img).not.toHaveAttribute('srcset');
    fail(img);
    expect(img).toHaveAttribute('src', BUILTIN_HERO.backgroundImage);
    expect(img.getAttribute('srcset')).toContain('/default-hero-bg-640.webp 640w');
    expect(img).toHaveAttribute('sizes', '100vw');
  });

  it("a testimonial's photo that fails gives way to the generated avatar", () => {
    const { container } = render(
      <ul>
        <TestimonialCard
          testimonial={{
            id: 't',
            name: 'Mark & Dana T.',
            location: '',
            text: 'Great',
            photo: '/media/t/broken.jpg',
            order: 0,
          }}
        />
      </ul>,
    );
    expect(container.querySelector('svg.generated-avatar')).toBeNull();
    fail(screen.getByRole('img', { name: 'Mark & Dana T.' }));
    expect(screen.queryByRole('img', { name: 'Mark & Dana T.' })).toBeNull();
    expect(container.querySelector('svg.generated-avatar')).toHaveTextContent('MT');
    expect(container.querySelector('template')).toBeNull();
  });
});

describe('islands', () => {
  function island(name = 'contact-form') {
    const el = document.createElement('div');
    el.dataset.island = name;
    el.innerHTML = '<input aria-label="Name">';
    document.body.append(el);
    return el;
  }

  it('load their code once, when first touched', async () => {
    const el = island();
    const hydrateIsland = vi.fn();
    const load = vi.fn(async () => ({ hydrateIsland }));
    const stop = watchIslands(document, { 'contact-form': load });
    expect(load).not.toHaveBeenCalled();
    fireEvent.focusIn(el.querySelector('input') as HTMLElement);
    fireEvent.pointerDown(el);
    await vi.waitFor(() => expect(hydrateIsland).toHaveBeenCalledWith(el));
    expect(load).toHaveBeenCalledOnce();
    stop();
    el.remove();
  });

  it('touched before the script ran (typed into), load at once', async () => {
    const el = island();
    (el.querySelector('input') as HTMLInputElement).value = 'Jane';
    const hydrateIsland = vi.fn();
    const stop = watchIslands(document, { 'contact-form': async () => ({ hydrateIsland }) });
    await vi.waitFor(() => expect(hydrateIsland).toHaveBeenCalledWith(el));
    stop();
    el.remove();
  });

  it('on screen when the page loads, wait for a touch', async () => {
    let report: (entries: { isIntersecting: boolean }[]) => void = () => undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: typeof report) {
          report = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const el = island();
    const hydrateIsland = vi.fn();
    const load = vi.fn(async () => ({ hydrateIsland }));
    const stop = watchIslands(document, { 'contact-form': load });
    report([{ isIntersecting: true }]);
    await new Promise((r) => setTimeout(r, 20));
    expect(load).not.toHaveBeenCalled();
    fireEvent.pointerDown(el);
    await vi.waitFor(() => expect(hydrateIsland).toHaveBeenCalledWith(el));
    stop();
    el.remove();
  });

  it('load their code when they come near the viewport, and not before', async () => {
    let report: (entries: { isIntersecting: boolean }[]) => void = () => undefined;
    const observed: { el: Element; margin?: string }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: typeof report, options?: IntersectionObserverInit) {
          report = callback;
          this.margin = options?.rootMargin;
        }
        margin?: string;
        observe(el: Element) {
          observed.push({ el, margin: this.margin });
        }
        disconnect() {}
      },
    );
    const el = island();
    const hydrateIsland = vi.fn();
    const load = vi.fn(async () => ({ hydrateIsland }));
    const stop = watchIslands(document, { 'contact-form': load, other: load });
    expect(observed).toEqual([{ el, margin: '200px 0px' }]);
    report([{ isIntersecting: false }]);
    expect(load).not.toHaveBeenCalled();
    report([{ isIntersecting: true }]);
    await vi.waitFor(() => expect(hydrateIsland).toHaveBeenCalledWith(el));
    fireEvent.focusIn(el.querySelector('input') as HTMLElement);
    expect(load).toHaveBeenCalledOnce();
    stop();
    el.remove();
  });
});
