/**
 * A success story's video on YouTube or Vimeo, played in the page through their players (SPEC 2:
 * optional embedded video). The player origins are the only frames the Content-Security-Policy allows
 * (infra/cloud/csp.ts); YouTube's is its privacy-enhanced host, which sets no cookies until playback.
 */

export const VIDEO_PLAYER_ORIGINS = {
  youtube: 'https://www.youtube-nocookie.com',
  vimeo: 'https://player.vimeo.com',
} as const;

export type VideoHost = keyof typeof VIDEO_PLAYER_ORIGINS;

export interface VideoEmbed {
  host: VideoHost;
  /** The player's name as visitors know it. */
  hostName: 'YouTube' | 'Vimeo';
  /** The player URL, started on load (it is loaded only when the visitor asks to play). */
  src: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const VIMEO_HASH = /^[0-9a-f]{6,20}$/i;

function youtubeId(url: URL): string | undefined {
  const host = url.hostname.replace(/^(www|m|music)\./, '');
  const parts = url.pathname.split('/').filter(Boolean);
  let id: string | undefined;
  if (host === 'youtu.be') id = parts[0];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (parts[0] === 'watch') id = url.searchParams.get('v') ?? undefined;
    else if (['embed', 'shorts', 'live', 'v'].includes(parts[0] ?? '')) id = parts[1];
  }
  return id && YOUTUBE_ID.test(id) ? id : undefined;
}

function vimeoVideo(url: URL): { id: string; hash?: string } | undefined {
  const host = url.hostname.replace(/^www\./, '');
  const parts = url.pathname.split('/').filter(Boolean);
  if (host === 'player.vimeo.com') {
    if (parts[0] !== 'video' || !VIMEO_ID.test(parts[1] ?? '')) return undefined;
    const hash = url.searchParams.get('h') ?? undefined;
    return { id: parts[1], hash: hash && VIMEO_HASH.test(hash) ? hash : undefined };
  }
  if (host !== 'vimeo.com') return undefined;
  // vimeo.com/123, vimeo.com/123/abcdef (unlisted), vimeo.com/channels/x/123, vimeo.com/groups/x/videos/123
  const at = parts.findIndex((p) => VIMEO_ID.test(p));
  if (at < 0) return undefined;
  const hash = parts[at + 1];
  return { id: parts[at], hash: hash && VIMEO_HASH.test(hash) ? hash : undefined };
}

/** The player of a YouTube or Vimeo address, or undefined for any other URL. */
export function videoEmbedOf(value: string): VideoEmbed | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const yt = youtubeId(url);
  if (yt) {
    return { host: 'youtube', hostName: 'YouTube', src: `${VIDEO_PLAYER_ORIGINS.youtube}/embed/${yt}?autoplay=1` };
  }
  const vimeo = vimeoVideo(url);
  if (vimeo) {
    const hash = vimeo.hash ? `h=${vimeo.hash}&` : '';
    return {
      host: 'vimeo',
      hostName: 'Vimeo',
      src: `${VIDEO_PLAYER_ORIGINS.vimeo}/video/${vimeo.id}?${hash}autoplay=1`,
    };
  }
  return undefined;
}
