import type { Viewer } from '../../shared/domain/analytics.js';

type Headers = Record<string, string | undefined> | undefined;

/** Whether the visitor may be counted: not when the browser sends Do Not Track or Global Privacy Control. */
export function tracksVisitor(headers: Headers): boolean {
  return headers?.dnt !== '1' && headers?.['sec-gpc'] !== '1';
}

/** The visitor as the analytics hash sees them (address and user agent; neither is stored). */
export function viewerOf(headers: Headers, sourceIp: string): Viewer {
  return { address: sourceIp, userAgent: headers?.['user-agent'] ?? '' };
}
