import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { AnalyticsFunnel, FunnelBreakdown, FunnelStep } from '#shared/contracts/analytics';
import { PROGRAM_OPTIONS } from '#shared/contracts/contact-options';
import { PlainTable } from '../../../components/portal/plain-table';

const STEP_LABELS: Record<FunnelStep['key'], string> = {
  visits: 'Visits',
  inquiries: 'Inquiries',
  clients: 'Clients',
  paid: 'Clients who paid',
};

const programLabel = (key: string) => PROGRAM_OPTIONS.find((p) => p.value === key)?.label ?? key;

function Breakdown({ title, rows, label }: { title: string; rows: FunnelBreakdown[]; label: (k: string) => string }) {
  return (
    <PlainTable
      label={title}
      variant="embedded"
      header={<Header variant="h3">{title}</Header>}
      items={rows}
      trackBy="key"
      columnDefinitions={[
        { id: 'key', header: title.replace(/^By (.)/, (_, c: string) => c.toUpperCase()), cell: (r) => label(r.key) },
        { id: 'inquiries', header: 'Inquiries', cell: (r) => r.inquiries },
        { id: 'clients', header: 'Clients', cell: (r) => r.clients },
      ]}
      empty={<Box color="text-body-secondary">No inquiries in this range</Box>}
    />
  );
}

/** The funnel of the range: visits → inquiries → clients → paid clients, each with the step's conversion. */
export function FunnelPanel({ funnel }: { funnel: AnalyticsFunnel }) {
  return (
    <Container
      header={
        <Header
          variant="h2"
          description="Visits to the site, contact requests sent in the range (by the form, the API or with Do Not Track: not a share of the visits), those converted to clients, and those clients who paid."
        >
          Funnel
        </Header>
      }
    >
      <SpaceBetween size="l">
        <ColumnLayout columns={4} variant="text-grid" minColumnWidth={120}>
          {funnel.steps.map((s, i) => (
            <div key={s.key} data-step={s.key}>
              <Box variant="awsui-key-label">{STEP_LABELS[s.key]}</Box>
              <Box fontSize="display-l" fontWeight="bold">
                {s.count.toLocaleString('en-US')}
              </Box>
              <Box color="text-body-secondary" fontSize="body-s">
                {s.conversion === null
                  ? '\u00a0'
                  : `${s.conversion}% of ${STEP_LABELS[funnel.steps[i - 1].key].toLowerCase()}`}
              </Box>
            </div>
          ))}
        </ColumnLayout>
        <ColumnLayout columns={2}>
          <Breakdown title="By program" rows={funnel.byProgram} label={programLabel} />
          <Breakdown title="By source" rows={funnel.bySource} label={(k) => k} />
        </ColumnLayout>
      </SpaceBetween>
    </Container>
  );
}
