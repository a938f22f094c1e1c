import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useNavigate } from 'react-router-dom';
import { Seo } from '../../../components/seo';
import { goBack } from '../../../lib/navigation';

/** Shown to non-admins on trainer-only pages (SPEC 2, 6). */
export function AccessDenied() {
  const navigate = useNavigate();
  return (
    <Container>
      <Seo title="Access Denied | Pawsitive Portal" description="Trainer-only page." robots="noindex, nofollow" />
      <Box textAlign="center" padding={{ vertical: 'xxl' }}>
        <SpaceBetween size="m">
          <Box variant="h1">Access Denied</Box>
          <Box variant="p" color="text-body-secondary">
            This section is for trainers only.
          </Box>
          <Button onClick={() => goBack('/dashboard', navigate)}>Go Back</Button>
        </SpaceBetween>
      </Box>
    </Container>
  );
}
