import { createContext, runInContext } from 'node:vm';

/**
 * Tests only: runs a CloudFront Function's code (cloudfront-js-2.0) as CloudFront would, as far as the
 * runtime's rules can be checked here: the code is at most 10 KB; its only import is the `cloudfront`
 * module, on its first line, as `import cf from 'cloudfront';`; it runs in a context with the language's
 * built-ins only (no `require`, `process`, `Buffer`, timers or `fetch`, which CloudFront does not offer);
 * `handler` is a top-level function; `cf.kvs().get` answers a key's value from `store` or rejects for a
 * missing key (CloudFront's helper fails then); keys are at most 512 bytes and values 1 KB.
 */
export const CLOUDFRONT_FUNCTION_CODE_LIMIT = 10_240;
const IMPORT = "import cf from 'cloudfront';";

export type CloudFrontHandler = (event: unknown) => Promise<Record<string, unknown>> | Record<string, unknown>;

export function cloudFrontFunction(code: string, store: ReadonlyMap<string, string> = new Map()): CloudFrontHandler {
  const size = Buffer.byteLength(code);
  if (size > CLOUDFRONT_FUNCTION_CODE_LIMIT)
    throw new Error(`The function is ${size} bytes, over CloudFront Functions' ${CLOUDFRONT_FUNCTION_CODE_LIMIT}`);
  const imports = code.match(/^\s*import\b.*$/gm) ?? [];
  let body = code;
  if (imports.length > 0) {
    if (imports.length > 1 || !code.startsWith(IMPORT))
      throw new Error(`Only \`${IMPORT}\` on the first line is allowed, got: ${imports.join(' | ')}`);
    body = code.slice(IMPORT.length);
  }
  if (/\b(require|process|Buffer|setTimeout|setInterval|fetch|globalThis)\b/.test(body))
    throw new Error('The function uses a global CloudFront Functions do not offer');
  for (const [key, value] of store) {
    if (Buffer.byteLength(key) > 512) throw new Error(`Key over 512 bytes: ${key.slice(0, 40)}...`);
    if (Buffer.byteLength(value) > 1024) throw new Error(`Value of ${key} over 1 KB`);
  }
  const cf = {
    kvs: () => ({
      get: async (key: string) => {
        const value = store.get(key);
        if (value === undefined) throw new Error(`Key not found: ${key}`);
        return value;
      },
    }),
  };
  const context = createContext({ cf });
  const handler = runInContext(`${body}\n;typeof handler === 'function' ? handler : undefined`, context, {
    timeout: 1000,
  }) as CloudFrontHandler | undefined;
  if (!handler) throw new Error('The function has no top-level `handler`');
  return handler;
}
