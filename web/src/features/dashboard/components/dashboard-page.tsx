import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useEffect, useState } from 'react';
import { Seo } from '../../../components/seo';
import { useAuth } from '../../../lib/auth-context';
import { getMe } from '../api/get-me';
import { AdminDashboard } from './admin-dashboard';
import { ClientDashboard } from './client-dashboard';

/** /dashboard: the trainer's or the client's view, by role. */
export function DashboardPage() {
  const { user } = useAuth();
  const [firstName, setFirstName] = useState<string | undefined>(undefined);

  useEffect(() => {
    const controller = new AbortController();
    getMe(controller.signal).then(
      (me) => setFirstName(me.profile.firstName),
      () => undefined,
    );
    return () => controller.abort();
  }, []);

  const isAdmin = user?.role === 'admin';
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
      {isAdmin ? <AdminDashboard /> : <ClientDashboard />}
    </ContentLayout>
  );
}
