import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useSearchParams } from 'react-router-dom';
import { Seo } from '../../../components/seo';
import { useFollow } from '../../portal/components/router-link';

/** /signup?token&email. Registration by invitation comes with a later issue. */
export function SignupPage() {
  const [params] = useSearchParams();
  const follow = useFollow();
  const hasToken = Boolean(params.get('token'));
  return (
    <SpaceBetween size="l">
      <Seo title="Create Account | Pawsitive Portal" description="Create your account." robots="noindex, nofollow" />
      <Header variant="h1">{hasToken ? 'Create your account' : 'Invitation Required'}</Header>
      <Box variant="p">
        {hasToken
          ? 'Online registration is not open yet. Contact us and your trainer will finish setting up your account.'
          : 'Accounts are created by invitation from your trainer. Contact us to book a free evaluation and get started.'}
      </Box>
      <Button variant="primary" href="/contact" onFollow={follow}>
        Contact Us
      </Button>
    </SpaceBetween>
  );
}
