import { Anchor, Badge, Button, Container, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { createActor } from 'xstate';
import { funnelConfig, funnelEngine } from '../config/funnel-config.ts';
import { createFunnelMachine, stepIndexOf, urlOf, visitFromUrl } from '../engine/funnel-machine.ts';
import { normalizeUrl, splitUrl } from '../engine/url.ts';

function currentUrl(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/**
 * Applies the global URL rules (trailing slash, empty landing_id, redirects) to the address
 * bar in place, before anything else reads it, so a redirect replaces the history entry
 * rather than adding one. Returns the URL the page is now on.
 */
function settleAddressBar(): string {
  const normalized = normalizeUrl(currentUrl(), funnelEngine.redirects);
  if (normalized.changed) window.history.replaceState(window.history.state, '', normalized.url);
  return normalized.url;
}

function readIndex(state: unknown): number | undefined {
  if (typeof state === 'object' && state !== null && 'stepIndex' in state && typeof state.stepIndex === 'number') {
    return state.stepIndex;
  }
  return undefined;
}

/**
 * The first page of the app: where the patient is in their funnel, with Next and Back driven
 * by the funnel machine, and every funnel listed. The full shell replaces it.
 */
export function FunnelPreview() {
  const [url, setUrl] = useState(settleAddressBar);
  const found = visitFromUrl(funnelEngine, url);
  const visitKey = found ? `${found.visit.code}|${found.visit.brand}|${found.visit.query}` : '';

  const actor = useMemo(() => {
    if (!found) return null;
    const entryIndex = readIndex(window.history.state);
    const machine = createFunnelMachine(funnelEngine, found.visit, {
      url,
      ...(entryIndex === undefined ? {} : { index: entryIndex }),
    });
    return createActor(machine).start();
    // A new visit (code, brand or query) gets a new machine; the URL within it is synced below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visitKey]);

  useEffect(() => {
    const onPop = () => {
      const landed = settleAddressBar();
      const index = readIndex(window.history.state);
      setUrl(landed);
      actor?.send({ type: 'step.goto', url: landed, ...(index === undefined ? {} : { index }) });
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
    };
  }, [actor]);

  const page = funnelEngine.locate(splitUrl(url).pathname);
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>Patient funnel</Title>
        {page ? (
          <Text>
            This is the <strong>{page.match.route.screen}</strong> screen ({page.match.route.title}).
          </Text>
        ) : (
          <Text>Oops... page not found</Text>
        )}
        {actor && <StepControls actor={actor} onMove={setUrl} />}
        <Title order={2}>Funnels</Title>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Funnel</Table.Th>
              <Table.Th>Site</Table.Th>
              <Table.Th>Codes</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {Object.entries(funnelConfig.funnels.funnels).map(([id, funnel]) => (
              <Table.Tr key={id}>
                <Table.Td>{id}</Table.Td>
                <Table.Td>{funnel.site}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    {funnel.codes.map((code) => (
                      <Anchor key={code} href={`${funnel.steps[0] ?? ''}/${code}`}>
                        {code}
                      </Anchor>
                    ))}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Container>
  );
}

type FunnelActor = ReturnType<typeof createActor<ReturnType<typeof createFunnelMachine>>>;

function StepControls({ actor, onMove }: { actor: FunnelActor; onMove: (url: string) => void }) {
  const snapshot = useSelector(actor, (state) => state);
  const index = stepIndexOf(snapshot);
  const total = snapshot.context.plan?.steps.length ?? 0;

  // The machine owns the step; the address bar follows it.
  useEffect(() => {
    const target = urlOf(snapshot);
    if (target !== currentUrl()) {
      window.history.pushState({ stepIndex: index }, '', target);
      onMove(target);
    }
  }, [snapshot, index, onMove]);

  return (
    <Group>
      <Badge variant="light">{index === null ? 'Not a step of this funnel' : `Step ${index + 1} of ${total}`}</Badge>
      <Button
        variant="default"
        disabled={!snapshot.can({ type: 'step.back' })}
        onClick={() => {
          actor.send({ type: 'step.back' });
        }}
      >
        Back
      </Button>
      <Button
        disabled={!snapshot.can({ type: 'step.next' })}
        onClick={() => {
          actor.send({ type: 'step.next' });
        }}
      >
        Next
      </Button>
    </Group>
  );
}
