import { lazy, Suspense } from 'react';
import { PageLoading } from '../../../app/page-loading';
import { useAuth } from '../../../lib/auth-context';

// Each role's screen is a chunk of its own: the trainer's list never loads the client's cards, nor back.
const TrainerClassesPage = lazy(() =>
  import('./trainer-classes-page').then((m) => ({ default: m.TrainerClassesPage })),
);
const ClientClassesPage = lazy(() => import('./client-classes-page').then((m) => ({ default: m.ClientClassesPage })));

/** /dashboard/classes: the trainer's list of classes, or the client's cards to enrol in, by role. */
export function ClassesPage() {
  const { user } = useAuth();
  return (
    <Suspense fallback={<PageLoading />}>
      {user?.role === 'admin' ? <TrainerClassesPage /> : <ClientClassesPage />}
    </Suspense>
  );
}
