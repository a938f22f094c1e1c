import { VIDEO_PLAYER_ORIGINS } from '../../shared/content/video-embed.js';

/**
 * The Content-Security-Policy of every response, shared by the cloud's response headers policy
 * (web-stack.ts, with CloudFormation tokens) and the local site server (with local origins).
 */
export interface CspSources {
  /** Cognito's endpoint (the browser talks to it directly for sign-in). */
  cognito: string;
  /** The WebSocket API origin. */
  ws: string;
  /** Origins of the media bucket (presigned uploads and downloads), space-separated. */
  media: string;
}

export function contentSecurityPolicy(s: CspSources): string {
  return [
    "default-src 'self'",
    `connect-src 'self' ${s.cognito} ${s.ws} ${s.media}`,
    `img-src 'self' data: blob: ${s.media}`,
    // Success stories' videos: exactly the YouTube and Vimeo players, loaded when the visitor clicks Play.
    `frame-src ${Object.values(VIDEO_PLAYER_ORIGINS).join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The Content-Security-Policy of media objects (`/media/*`): an uploaded file opened on its own is a
 * document of the site's origin, so it may load nothing but its own inline styles and images, run
 * nothing, and is sandboxed (a unique origin without scripts). An SVG is also sanitized on upload
 * (shared/domain/content-images.ts); this holds even for one that was not.
 */
export const MEDIA_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "img-src 'self' data:",
  "style-src 'unsafe-inline'",
  "frame-ancestors 'none'",
  'sandbox',
].join('; ');
