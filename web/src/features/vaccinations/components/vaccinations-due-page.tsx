import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { VACCINE_LABELS, type VaccinationDueItem, type VaccinationGap } from '#shared/contracts/vaccination-options';
import { PlainTable } from '../../../components/portal/plain-table';
import { RouterLink } from '../../../components/portal/router-link';
import { Seo } from '../../../components/seo';
import { formatDogDate } from '../../../lib/dog-dates';
import { type DueFilter, useVaccinationsDue } from '../../../lib/queries/vaccinations';

const gapText = (g: VaccinationGap) =>
  g.state === 'missing'
    ? `${VACCINE_LABELS[g.vaccine]}: missing`
    : `${VACCINE_LABELS[g.vaccine]}: ${g.state === 'expired' ? 'expired' : 'expires'} ${formatDogDate(g.expiresOn)}`;

/**
 * The trainer's list (`/dashboard/vaccinations`): dogs whose required vaccinations expired or expire
 * within 30 days (soonest first), or are missing. Each row opens the dog's records.
 */
export function VaccinationsDuePage() {
  const [filter, setFilter] = useState<DueFilter>('expiring');
  const due = useVaccinationsDue(filter);
  const items: VaccinationDueItem[] = due.data?.pages.flatMap((p) => p.items) ?? [];
  const required = due.data?.pages[0]?.required ?? [];
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={`Required (Settings → Business): ${required.map((v) => VACCINE_LABELS[v]).join(', ') || 'none'}.`}
        >
          Vaccinations
        </Header>
      }
    >
      <Seo title="Vaccinations | Pawsitive Portal" description="Vaccinations due" robots="noindex, nofollow" />
      <SpaceBetween size="l">
        <SegmentedControl
          selectedId={filter}
          label="Show"
          onChange={({ detail }) => setFilter(detail.selectedId as DueFilter)}
          options={[
            { id: 'expiring', text: 'Expired or expiring within 30 days' },
            { id: 'missing', text: 'Missing' },
          ]}
        />
        {due.isError && (
          <Alert type="error" action={<Button onClick={() => void due.refetch()}>Retry</Button>}>
            Failed to load vaccinations
          </Alert>
        )}
        <PlainTable
          label="Vaccinations due"
          header={<Header>{filter === 'expiring' ? 'Expired or expiring' : 'Missing a required vaccination'}</Header>}
          loading={due.isPending}
          loadingText="Loading vaccinations"
          items={items}
          trackBy="dogId"
          empty={<Box textAlign="center">No dogs here. Every required vaccination is on file and current.</Box>}
          columnDefinitions={[
            {
              id: 'dog',
              header: 'Dog',
              cell: (d) => <RouterLink href={`/dogs/${d.dogId}`}>{d.dogName}</RouterLink>,
            },
            {
              id: 'client',
              header: 'Client',
              cell: (d) => (
                <RouterLink href={`/dashboard/clients/${d.profileId}`}>{d.clientName || 'Client'}</RouterLink>
              ),
            },
            { id: 'due', header: 'First expiry', cell: (d) => (d.dueOn ? formatDogDate(d.dueOn) : '-') },
            { id: 'gaps', header: 'Not in order', cell: (d) => d.gaps.map(gapText).join('; ') },
          ]}
          footer={
            due.hasNextPage ? (
              <Box textAlign="center">
                <Button loading={due.isFetchingNextPage} onClick={() => void due.fetchNextPage()}>
                  Load more
                </Button>
              </Box>
            ) : undefined
          }
        />
      </SpaceBetween>
    </ContentLayout>
  );
}
