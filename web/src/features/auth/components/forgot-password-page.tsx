import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { Seo } from '../../../components/seo';
import { useBusinessEmail } from '../../../lib/use-business-email';
import { RouterLink } from '../../portal/components/router-link';

/** Password reset by e-mail comes with a later issue; until then this page explains what to do. */
export function ForgotPasswordPage() {
  const email = useBusinessEmail();
  return (
    <SpaceBetween size="l">
      <Seo title="Reset Password | Pawsitive Portal" description="Reset your password." robots="noindex, nofollow" />
      <Header variant="h1">Reset your password</Header>
      <Box variant="p">
        Online password reset is not available yet. Email us at <a href={`mailto:${email}`}>{email}</a> and your trainer
        will reset your password for you.
      </Box>
      <RouterLink href="/login">Back to sign in</RouterLink>
    </SpaceBetween>
  );
}
