import Alert from '@cloudscape-design/components/alert';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Seo } from '../../../components/seo';
import { AdminDashboard } from '../../../features/dashboard/components/admin-dashboard';
import { ApiError } from '../../../lib/api';
import { useAuth } from '../../../lib/auth-context';
import { getMe } from '../../../lib/queries/me';
import { ClientDashboard } from './client-dashboard';

/**
 * /dashboard: the trainer's or the client's view, by role. A client whose profile is not completed
 * is sent to /onboarding first (SPEC 2); the client view waits for that answer so it never flashes.
 */
export function DashboardPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [firstName, setFirstName] = useState<string | undefined>(undefined);
  const [checked, setChecked] = useState(false);
  const [refused, setRefused] = useState<string | undefined>(undefined);

  useEffect(() => {
    const controller = new AbortController();
    getMe(controller.signal).then(
      (me) => {
        if (me.role === 'client' && !me.profile.profileCompleted) {
          navigate('/onboarding', { replace: true });
          return;
        }
        setFirstName(me.profile.firstName);
        setChecked(true);
      },
      // Without an answer the dashboard still shows; its own parts say what failed. A refused profile
      // load (403: no profile can be found or made for this sign-in) says why instead.
      (e: unknown) => {
        if (controller.signal.aborted) return;
        if (e instanceof ApiError && e.status === 403) setRefused(e.message);
        setChecked(true);
      },
    );
    return () => controller.abort();
  }, [navigate]);

  const isAdmin = user?.role === 'admin';
  let content = isAdmin ? <AdminDashboard /> : <ClientDashboard />;
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
