import { Button, Container, List, Stack, Text, Title } from '@mantine/core';
import { SupportContact } from '../../shared/ui/support-contact.tsx';
import { ConsultVideoPlayer } from './video/consult-video-player.tsx';
import { CONSULT_VIDEOS } from './video/consult-videos.ts';
import type { ScreenProps } from '../../shared/screen-props.ts';
import { ActionBar } from '../../shared/layout/action-bar.tsx';

/**
 * About the consult (/f/about-consult/{code}), a women's funnel step before booking: the way on
 * first, under the heading, so both are on a phone's first screen ('Choose my consult time',
 * which goes on to the booking step; 'Continue' when another step comes next), then the consult
 * video with captions and a transcript, and what happens before, during and after the consult.
 * The route has no padding, so the screen sets its own width.
 */
export default function AboutConsultScreen({ route, step }: ScreenProps) {
  // The button says what it does: it books nothing, it opens the times to choose from.
  const action = step?.laterScreens[0] === 'scheduling' ? 'Choose my consult time' : 'Continue';
  return (
    <Container size={640} px="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{route.title}</Title>
        <Text size="lg">
          Your next step is a video consult with a licensed clinician. Here is what to expect, so you can make the most
          of it.
        </Text>
        <ActionBar>
          <Button disabled={!step?.canNext} onClick={step?.onNext}>
            {action}
          </Button>
          {step?.canBack && (
            <Button variant="default" onClick={step.onBack}>
              Back
            </Button>
          )}
        </ActionBar>
        <ConsultVideoPlayer video={CONSULT_VIDEOS['about-consult']} />
        <Title order={2}>What happens in your consult</Title>
        <List spacing="sm">
          <List.Item>
            <strong>Before:</strong> your clinician reads your assessment and intake answers.
          </List.Item>
          <List.Item>
            <strong>During:</strong> a video visit of about 30 minutes. You talk about your symptoms, your health
            history and your goals, and you can ask anything.
          </List.Item>
          <List.Item>
            <strong>After:</strong> if hormone therapy is right for you, your clinician writes your treatment plan and
            prescription, and your medication is shipped to you.
          </List.Item>
        </List>
        <Title order={2}>What to have ready</Title>
        <List spacing="sm">
          <List.Item>A quiet, private place and a phone or computer with a camera.</List.Item>
          <List.Item>Your photo ID.</List.Item>
          <List.Item>A list of the medicines and supplements you take.</List.Item>
        </List>
        <SupportContact />
      </Stack>
    </Container>
  );
}
