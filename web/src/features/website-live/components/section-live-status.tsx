import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useWebsiteLive } from '../api/website-live';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * For the website editor: when the section's public pages went live (rendered on publish), or that the
 * last render failed and the previous pages stay.
 */
export function SectionLiveStatus({ section }: { section: string }) {
  const live = useWebsiteLive(section);
  if (live.isPending) return <StatusIndicator type="loading">Checking the public pages...</StatusIndicator>;
  if (live.isError) return <StatusIndicator type="warning">Could not check the public pages</StatusIndicator>;
  const { liveAt, failedAt, failure } = live.data;
  if (failedAt && (!liveAt || failedAt > liveAt)) {
    return (
      <StatusIndicator type="error">
        {`The last render failed (${when(failedAt)}); the previous pages stay live.`}
        {failure ? ` ${failure}` : ''}
      </StatusIndicator>
    );
  }
  if (liveAt) return <StatusIndicator type="success">{`Public pages live since ${when(liveAt)}`}</StatusIndicator>;
  return <StatusIndicator type="info">Public pages show the content of the last deploy</StatusIndicator>;
}
