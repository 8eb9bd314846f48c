import { Anchor, Text } from '@mantine/core';
import { pageServiceSettings } from '../../../shared/services/page-settings.ts';
import './recaptcha-notice.css';

/**
 * The notice reCAPTCHA's terms ask for in place of its badge, for a deployment that checks
 * with reCAPTCHA Enterprise; nothing for the local bot check or none.
 */
export function RecaptchaNotice() {
  if (pageServiceSettings().botCheck.provider !== 'recaptcha-enterprise') return null;
  return (
    <Text size="xs" c="dimmed">
      This site is protected by reCAPTCHA and the Google{' '}
      <Anchor href="https://policies.google.com/privacy" target="_blank" rel="noopener noreferrer" inherit>
        Privacy Policy
      </Anchor>{' '}
      and{' '}
      <Anchor href="https://policies.google.com/terms" target="_blank" rel="noopener noreferrer" inherit>
        Terms of Service
      </Anchor>{' '}
      apply.
    </Text>
  );
}
