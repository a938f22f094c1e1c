import { Spinner } from '../components/spinner';

/** Shown while a lazy chunk loads. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status">
      <Spinner size={32} />
      <span className="visually-hidden">Loading...</span>
    </div>
  );
}
