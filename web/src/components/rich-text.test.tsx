import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InlineMarkup } from './inline-markup';
import { headingLevels, RichText } from './rich-text';

describe('rich text (SPEC 9 rules)', () => {
  it('turns line breaks into <br>, **bold** into strong and *italic* into em', () => {
    const { container } = render(<RichText text={'First line\nsecond **strong** and *soft*\n\nNext paragraph'} />);
    const paragraphs = container.querySelectorAll('p');
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0].querySelectorAll('br')).toHaveLength(1);
    expect(screen.getByText('strong').tagName).toBe('STRONG');
    expect(screen.getByText('soft').tagName).toBe('EM');
  });

  it('renders # / ## / ### as headings under the page heading when enabled', () => {
    render(<RichText text={'# Big\n## Medium\n### Small\nText'} headings />);
    expect(screen.getByRole('heading', { level: 2, name: 'Big' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Medium' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: 'Small' })).toBeInTheDocument();
  });

  it('starts an article at h2 whatever its highest mark (## first is h2 right under the h1)', () => {
    const { container } = render(<RichText text={'Intro\n\n## Section\nText\n\n### Step\n\n## Next'} headings />);
    expect([...container.querySelectorAll('h2, h3, h4')].map((h) => `${h.tagName} ${h.textContent}`)).toEqual([
      'H2 Section',
      'H3 Step',
      'H2 Next',
    ]);
  });

  it('never skips a level: unused marks leave no gap and no heading goes two levels down', () => {
    expect(headingLevels([1, 2, 3], 2)).toEqual([2, 3, 4]);
    expect(headingLevels([2, 3, 3, 2], 2)).toEqual([2, 3, 3, 2]);
    expect(headingLevels([1, 3], 2)).toEqual([2, 3]);
    expect(headingLevels([3, 2, 3], 2)).toEqual([2, 2, 3]);
    expect(headingLevels([1, 3, 1], 3)).toEqual([3, 4, 3]);
    expect(headingLevels([], 2)).toEqual([]);
  });

  it('leaves heading marks as text where headings are not allowed', () => {
    render(<RichText text="# Not a heading" />);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByText('# Not a heading')).toBeInTheDocument();
  });

  it('renders lists', () => {
    render(<RichText text={'- one\n- two\n\n1. first\n2. second'} headings />);
    expect(screen.getAllByRole('list')).toHaveLength(2);
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
  });

  it('shows HTML and scripts in content as text, never as markup', () => {
    const hostile = '<script>alert(1)</script> <img src=x onerror=alert(2)> **<b>bold</b>**';
    const { container } = render(<RichText text={hostile} headings />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container).toHaveTextContent('<script>alert(1)</script> <img src=x onerror=alert(2)> <b>bold</b>');
    const inline = render(<InlineMarkup text="<em>x</em>" />);
    expect(inline.container.querySelector('em')).toBeNull();
    expect(inline.container).toHaveTextContent('<em>x</em>');
  });
});
