import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import StatusIndicator from '@cloudscape-design/components/status-indicator';

/** A tab's data is on its way. */
export function TabLoading({ children }: { children: string }) {
  return (
    <Box textAlign="center" padding="xxl">
      <StatusIndicator type="loading">{children}</StatusIndicator>
    </Box>
  );
}

/** A tab's data could not be loaded: what happened and Retry. */
export function TabLoadError({ header, error, onRetry }: { header: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert type="error" header={header} action={<Button onClick={onRetry}>Retry</Button>}>
      {error instanceof Error && error.message ? error.message : 'Please try again.'}
    </Alert>
  );
}
