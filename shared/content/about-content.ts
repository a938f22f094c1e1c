/** The about page (SPEC 3): its record over the built-in defaults. */
import { type AboutContent, type PublicContentRecord, resolveMediaUrl, text } from './public-content.js';

/** Newline-separated bullets, trimmed, blank lines dropped (about_us left_block_bullets). */
export const splitLines = (value: string | null | undefined): string[] =>
  (value ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/** The about page from its record; every missing field takes its default. */
export function mapAbout(record: PublicContentRecord, mediaUrl: string, defaults: AboutContent): AboutContent {
  const f = record.fields;
  const or = (key: string, fallback: string) => text(f, key) || fallback;
  return {
    heroImage: resolveMediaUrl(f.hero_image, 'about_us', mediaUrl) ?? defaults.heroImage,
    mainHeading: or('main_heading', defaults.mainHeading),
    subheading: or('subheading', defaults.subheading),
    leftHeading: or('left_heading', defaults.leftHeading),
    leftContent: or('left_content', defaults.leftContent),
    leftBlockHeading: f.left_block_heading == null ? defaults.leftBlockHeading : text(f, 'left_block_heading'),
    leftBlockContents: f.left_block_bullets == null ? defaults.leftBlockContents : splitLines(f.left_block_bullets),
    rightHeading: or('right_heading', defaults.rightHeading),
    rightContent: or('right_content', defaults.rightContent),
    mission: or('mission', defaults.mission),
  };
}
