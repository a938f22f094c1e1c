import Alert from '@cloudscape-design/components/alert';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Seo } from '../../../components/seo';
import { loadProfile, ProfileLoadError } from '../../../features/auth/profile-load';
import { AdminDashboard, NeedsAnswer } from '../../../features/dashboard/components/admin-dashboard';
import { TrainerAgenda } from '../../../features/sessions/components/trainer-agenda';
import { useAuth } from '../../../lib/auth-context';

/**
 * The client's view is a chunk of its own: the trainer's dashboard loads none of it (dogs, inbox, credits,
 * key-value pairs). A client's starts loading with the profile check it waits for.
 */
const loadClientDashboard = () => import('./client-dashboard');
const ClientDashboard = lazy(() => loadClientDashboard().then((m) => ({ default: m.ClientDashboard })));

/**
 * /dashboard: the trainer's or the client's view, by role. A client whose profile is not completed
 * is sent to /onboarding first (SPEC 2); the client view waits for that answer so it never flashes.
 * The profile is read with the sign-in's safeguards (`loadProfile`: per-attempt limit, retries after a
 * 406, a timeout or a server error), and a client whose profile cannot be read is not shown the
 * dashboard: without the answer nobody knows whether onboarding is still due.
 */
export function DashboardPage() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const [firstName, setFirstName] = useState<string | undefined>(undefined);
  const [checked, setChecked] = useState(false);
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const isAdmin = user?.role === 'admin';
  const isClientView = !isAdmin;
  // The context's functions change with its state; the load runs once per visit all the same.
  const signOutRef = useRef(signOut);
  signOutRef.current = signOut;

  useEffect(() => {
    let gone = false;
    if (isClientView) void loadClientDashboard();
    loadProfile().then(
      (me) => {
        if (gone) return;
        if (me.role === 'client' && !me.profile.profileCompleted) {
          navigate('/onboarding', { replace: true });
          return;
        }
        setFirstName(me.profile.firstName);
        setChecked(true);
      },
      // A refused profile load (403: no profile can be found or made for this sign-in) says why; so does
      // a load that failed after its retries (a client's dashboard waits for the profile, a trainer's
      // parts say on their own what failed).
      (e: unknown) => {
        if (gone) return;
        // A session the API rejects is signed out, as at sign-in; the guard then shows the sign-in page.
        if (e instanceof ProfileLoadError && e.signOut) {
          void signOutRef.current();
          return;
        }
        if (e instanceof ProfileLoadError && (e.status === 403 || isClientView)) setRefused(e.message);
        setChecked(true);
      },
    );
    return () => {
      gone = true;
    };
  }, [navigate, isClientView]);

  // The trainer's dashboard opens on the agenda (issue 38), then the counters and sections.
  let content = isAdmin ? (
    <SpaceBetween size="l">
      <TrainerAgenda needsAnswer={<NeedsAnswer />} />
      <AdminDashboard />
    </SpaceBetween>
  ) : (
    <Suspense fallback={<StatusIndicator type="loading">Loading your dashboard...</StatusIndicator>}>
      <ClientDashboard />
    </Suspense>
  );
  if (!isAdmin && !checked) content = <StatusIndicator type="loading">Loading your dashboard...</StatusIndicator>;
  if (refused)
    content = (
      <Alert type="error" header="Your profile could not be loaded">
        {refused}
      </Alert>
    );
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={isAdmin ? 'Inquiries, clients and sessions at a glance.' : 'Your training at a glance.'}
        >
          {firstName ? `Welcome back, ${firstName}` : isAdmin ? 'Trainer Dashboard' : 'My Dashboard'}
        </Header>
      }
    >
      <Seo title="Dashboard | Pawsitive Portal" description="Your dashboard" robots="noindex, nofollow" />
      {content}
    </ContentLayout>
  );
}
