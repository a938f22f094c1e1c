import { afterEach, describe, expect, it, vi } from 'vitest';
import { goBack } from './navigation';

const setReferrer = (value: string) => Object.defineProperty(document, 'referrer', { value, configurable: true });

describe('goBack', () => {
  afterEach(() => {
    setReferrer('');
    window.history.replaceState(null, '', '/');
    vi.restoreAllMocks();
  });

  it('goes to the fallback when the page was opened directly or from another site', () => {
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    const navigate = vi.fn();
    goBack('/', navigate);
    window.history.pushState(null, '', '/contact');
    setReferrer('https://elsewhere.example/page');
    goBack('/home', navigate);
    expect(navigate.mock.calls).toEqual([['/'], ['/home']]);
    expect(back).not.toHaveBeenCalled();
  });

  it("goes back to the previous page when it is one of this site's", () => {
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    const navigate = vi.fn();
    window.history.pushState(null, '', '/contact');
    setReferrer(`${window.location.origin}/tips`);
    goBack('/', navigate);
    expect(back).toHaveBeenCalledOnce();
    expect(navigate).not.toHaveBeenCalled();
  });

  it("follows the portal router's own history entries", () => {
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    const navigate = vi.fn();
    setReferrer(`${window.location.origin}/tips`);
    window.history.pushState({ idx: 0 }, '', '/dashboard');
    goBack('/dashboard', navigate);
    window.history.pushState({ idx: 1 }, '', '/dashboard/settings');
    goBack('/dashboard', navigate);
    expect(navigate.mock.calls).toEqual([['/dashboard']]);
    expect(back).toHaveBeenCalledOnce();
  });
});
