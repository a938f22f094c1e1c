import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { onTestFinished } from 'vitest';
import { bindPage } from '../lib/static-page';

/**
 * A public page's markup as the prerender writes it (rendered to HTML, parsed by the document: no React
 * behind it), with its behaviour bound the way a prerendered page gets it (lib/static-page). Removed and
 * unbound when the test ends.
 */
export function renderStaticPage(ui: ReactElement): { container: HTMLElement } {
  const container = document.createElement('div');
  container.innerHTML = renderToString(ui);
  document.body.append(container);
  const unbind = bindPage(document);
  onTestFinished(() => {
    unbind();
    container.remove();
  });
  return { container };
}
