import { randomBytes } from 'node:crypto';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An id shaped like API Gateway's request and connection ids (`JKJaXmPLvHcESHA=`). */
export function awsLikeId(): string {
  const bytes = randomBytes(15);
  let s = '';
  for (const b of bytes) s += ALNUM[b % ALNUM.length];
  return `${s}=`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** API Gateway's `requestContext.time` format: `12/Mar/2020:19:03:58 +0000`. */
export function apiGatewayTime(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${p(d.getUTCHours())}:${p(
    d.getUTCMinutes(),
  )}:${p(d.getUTCSeconds())} +0000`;
}

/** An X-Ray style trace header value. */
export function traceId(now: number): string {
  return `Root=1-${Math.floor(now / 1000).toString(16)}-${randomBytes(12).toString('hex')}`;
}
