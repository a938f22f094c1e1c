import { type NavigateFunction, useNavigate } from 'react-router-dom';

/** True when the browser history has an earlier entry inside this app (React Router keeps `idx`). */
export function canGoBack(): boolean {
  if (typeof window === 'undefined') return false;
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

export function goBackOr(navigate: NavigateFunction, fallback = '/'): void {
  if (canGoBack()) navigate(-1);
  else navigate(fallback);
}

/** A click handler: history back, else `fallback`. */
export function useGoBack(fallback = '/'): () => void {
  const navigate = useNavigate();
  return () => goBackOr(navigate, fallback);
}
