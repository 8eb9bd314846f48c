import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { expect, test, vi } from 'vitest';
import type { JourneyState } from '../../../src/contract/journey-state.ts';
import { ApiError } from '../../../src/shared/api/http.ts';
import { FormRunner, type FormRunnerProps } from '../../../src/shared/ui/form-runner.tsx';
import { useJourney } from '../../../src/shared/journey/journey-context.tsx';
import { server, TEST_API_BASE, useApiServer } from '../../api/msw.ts';
import { memoryJourneyCalls, renderWithProviders } from '../../support/render.tsx';
import { pageQuestionsHandler } from '../../support/mip-pages.ts';

useApiServer();

type RunnerProps = Omit<FormRunnerProps, 'journey' | 'onComplete'> & Partial<Pick<FormRunnerProps, 'onComplete'>>;

/** The runner as a screen uses it, on the journey of the shrt funnel. */
function Runner({ onComplete = () => Promise.resolve(), ...props }: RunnerProps) {
  const journey = useJourney('shrt');
  return <FormRunner journey={journey} onComplete={onComplete} {...props} />;
}

const ASSESSMENT = { formId: 'MIP', pageIds: ['1', '2', '3', '4'] };

/** Pages 1 and 2 answered: a page opens only once the pages before it are. */
const ABOUT_AND_SYMPTOMS = {
  birthdate: ['1980-02-29'],
  state: ['TX'],
  weight: ['180'],
  'energy-level': ['Low'],
  symptoms: ['fatigue'],
  'symptom-duration': ['over-1-year'],
};

function journeyOn(page: number, answers: JourneyState['answers'] = {}): JourneyState {
  return {
    version: 3,
    landedAt: '2026-11-22T09:00:00.000Z',
    answers,
    pages: { MIP: page },
    completed: [],
    records: {},
  };
}

async function answerAboutYou(user: UserEvent) {
  await user.type(await screen.findByRole('textbox', { name: 'What is your date of birth?' }), '02/29/1980');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Which state do you live in?' }), 'Texas');
  await user.type(screen.getByRole('spinbutton', { name: 'What is your weight in pounds?' }), '180');
}

const CANCER = 'Have you ever been diagnosed with a hormone-sensitive cancer, such as prostate or breast cancer?';
const CLOT = 'Have you ever had a blood clot, a stroke or a heart attack?';

function choose(group: string, option: string) {
  return within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', { name: option });
}

test('the pages come in the order the route gives, one at a time, with how far the patient is', async () => {
  const asked: string[][] = [];
  server.use(pageQuestionsHandler(asked));
  renderWithProviders(<Runner form={{ formId: 'MIP', pageIds: ['2', '1', '4'] }} />);

  expect(await screen.findByRole('heading', { name: 'Your symptoms' })).toBeVisible();
  expect(screen.getByText('Page 1 of 3')).toBeVisible();
  expect(screen.queryByRole('heading', { name: 'About you' })).not.toBeInTheDocument();
  expect(asked).toEqual([['2', '1', '4']]);
  expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
});

test('a patient answers a page, goes on, and the page they are on is kept in their journey', async () => {
  server.use(pageQuestionsHandler());
  const user = userEvent.setup();
  const journey = memoryJourneyCalls();
  renderWithProviders(<Runner form={ASSESSMENT} />, { journeyCalls: journey });

  await answerAboutYou(user);
  await user.click(screen.getByRole('button', { name: 'Next' }));

  expect(await screen.findByRole('heading', { name: 'Your symptoms' })).toBeVisible();
  expect(screen.getByText('Page 2 of 4')).toBeVisible();
  // The answers were saved before the page was left; the page shown follows a moment later.
  await waitFor(() => {
    expect(journey.saved.get('shrt')).toMatchObject({
      pages: { MIP: 1 },
      answers: { birthdate: ['1980-02-29'], state: ['TX'], weight: ['180'] },
    });
  });
});

test('Next saves the answers before the page is left: a save that fails keeps the page, says so in place, and Try again goes on', async () => {
  server.use(pageQuestionsHandler());
  const user = userEvent.setup();
  const journey = memoryJourneyCalls();
  const save = journey.save;
  let failing = true;
  journey.save = (...args) => (failing ? Promise.reject(new TypeError('Failed to fetch')) : save(...args));
  renderWithProviders(<Runner form={ASSESSMENT} />, { journeyCalls: journey });

  await answerAboutYou(user);
  await user.click(screen.getByRole('button', { name: 'Next' }));

  const problem = await screen.findByRole('alert', { name: /not saved yet/ });
  expect(problem).toHaveTextContent('They are kept on this page');
  await waitFor(() => {
    expect(problem).toHaveFocus();
  });
  expect(screen.getByRole('heading', { name: 'About you' })).toBeVisible();
  expect(screen.getByRole('spinbutton', { name: 'What is your weight in pounds?' })).toHaveValue(180);

  failing = false;
  await user.click(within(problem).getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { name: 'Your symptoms' })).toBeVisible();
  expect(screen.queryByRole('alert', { name: /not saved yet/ })).not.toBeInTheDocument();
  expect(journey.saved.get('shrt')?.answers).toMatchObject({ weight: ['180'] });
});

test('coming back (a reload or a new visit) resumes on the same page with every answer', async () => {
  server.use(pageQuestionsHandler());
  const user = userEvent.setup();
  const journey = memoryJourneyCalls({ shrt: journeyOn(2, { ...ABOUT_AND_SYMPTOMS, 'hormone-cancer': ['no'] }) });
  const first = renderWithProviders(<Runner form={ASSESSMENT} />, { journeyCalls: journey });

  expect(await screen.findByRole('heading', { name: 'Your health' })).toBeVisible();
  expect(screen.getByText('Page 3 of 4')).toBeVisible();
  expect(choose(CANCER, 'No')).toBeChecked();
  await user.click(choose(CLOT, 'No'));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Where should we send your results?' });
  await waitFor(() => {
    expect(journey.saved.get('shrt')?.pages).toEqual({ MIP: 3 });
  });
  first.unmount();

  renderWithProviders(<Runner form={ASSESSMENT} />, { journeyCalls: journey });
  expect(await screen.findByRole('heading', { name: 'Where should we send your results?' })).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Back' }));
  expect(await screen.findByRole('heading', { name: 'Your health' })).toBeVisible();
  expect(choose(CLOT, 'No')).toBeChecked();
});

test('Back goes to the previous page with its answers, and from the first page to the previous step', async () => {
  server.use(pageQuestionsHandler());
  const user = userEvent.setup();
  const onBack = vi.fn();
  const journey = memoryJourneyCalls({ shrt: journeyOn(1, ABOUT_AND_SYMPTOMS) });
  renderWithProviders(<Runner form={ASSESSMENT} onBack={onBack} />, { journeyCalls: journey });

  await screen.findByRole('heading', { name: 'Your symptoms' });
  await user.click(screen.getByRole('button', { name: 'Back' }));

  expect(await screen.findByRole('heading', { name: 'About you' })).toBeVisible();
  expect(screen.getByRole('spinbutton', { name: 'What is your weight in pounds?' })).toHaveValue(180);
  expect(onBack).not.toHaveBeenCalled();
  await waitFor(() => {
    expect(journey.saved.get('shrt')?.pages).toEqual({ MIP: 0 });
  });
  await user.click(screen.getByRole('button', { name: 'Back' }));
  expect(onBack).toHaveBeenCalledTimes(1);
});

test('a page with missing answers is not left: the fields say what is missing', async () => {
  server.use(pageQuestionsHandler());
  const user = userEvent.setup();
  const journey = memoryJourneyCalls();
  renderWithProviders(<Runner form={ASSESSMENT} />, { journeyCalls: journey });

  await user.click(await screen.findByRole('button', { name: 'Next' }));

  expect(screen.getByText('3 answers need fixing before you continue. They are marked below.')).toBeVisible();
  expect(screen.getByRole('textbox', { name: 'What is your date of birth?' })).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByRole('heading', { name: 'About you' })).toBeVisible();
  expect(journey.saved.get('shrt')?.pages.MIP ?? 0).toBe(0);
});

test('the last page keeps its button busy while the work runs, then the work gets every page asked', async () => {
  server.use(pageQuestionsHandler());
  const user = userEvent.setup();
  let finish: () => void = () => {};
  const onComplete = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        finish = resolve;
      }),
  );
  renderWithProviders(<Runner form={{ formId: 'MIP', pageIds: ['3'] }} onComplete={onComplete} finishLabel="Finish" />);

  await screen.findByRole('heading', { name: 'Your health' });
  await user.click(choose(CANCER, 'No'));
  await user.click(choose(CLOT, 'Yes'));
  await user.click(screen.getByRole('button', { name: 'Finish' }));

  const busy = screen.getByRole('button', { name: 'Saving…' });
  expect(busy).toBeDisabled();
  await user.click(busy);
  expect(onComplete).toHaveBeenCalledTimes(1);
  expect(onComplete.mock.calls[0]).toEqual([[expect.objectContaining({ id: '3', title: 'Your health' })]]);
  finish();
  expect(await screen.findByRole('button', { name: 'Finish' })).toBeEnabled();
});

test('when the last page cannot be saved, the patient hears why and stays with their answers', async () => {
  server.use(pageQuestionsHandler());
  const user = userEvent.setup();
  const onComplete = vi
    .fn<FormRunnerProps['onComplete']>()
    .mockRejectedValueOnce(new ApiError('/saveLead: 503: Service unavailable', 503, 'saveLead'))
    .mockRejectedValueOnce(new Error('socket hang up'))
    .mockResolvedValue(undefined);
  renderWithProviders(<Runner form={{ formId: 'MIP', pageIds: ['3'] }} onComplete={onComplete} />);

  await screen.findByRole('heading', { name: 'Your health' });
  await user.click(choose(CANCER, 'No'));
  await user.click(choose(CLOT, 'No'));
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  // Where the patient pressed: in plain words, with the API's text small, for the care team (SPEC §8).
  const problem = await screen.findByRole('alert', { name: /not saved yet/ });
  expect(problem).toHaveTextContent('Something went wrong on our side');
  expect(problem).toHaveTextContent('/saveLead: 503: Service unavailable');
  expect(screen.getByRole('heading', { name: 'Your health' })).toBeVisible();
  expect(choose(CLOT, 'No')).toBeChecked();
  // Try again is the same press: the page is checked and completed again.
  await user.click(within(problem).getByRole('button', { name: 'Try again' }));
  // An error that is not the API's says nothing technical.
  await waitFor(() => {
    expect(screen.getByRole('alert', { name: /not saved yet/ })).toHaveTextContent('We could not reach our service');
  });
  expect(screen.getByRole('alert', { name: /not saved yet/ })).not.toHaveTextContent('socket');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(onComplete).toHaveBeenCalledTimes(3);
  await waitFor(() => {
    expect(screen.queryByRole('alert', { name: /not saved yet/ })).not.toBeInTheDocument();
  });
});

test('questions that do not load say so, and Try again loads them', async () => {
  let attempts = 0;
  server.use(
    http.get(`${TEST_API_BASE}/memoForm/pageQuestions`, () => {
      attempts += 1;
      return HttpResponse.json({ status: 404, message: 'Page not found' }, { status: 404 });
    }),
  );
  const user = userEvent.setup();
  renderWithProviders(<Runner form={ASSESSMENT} what="the assessment" />);

  const problem = await screen.findByRole('alert', { name: 'We could not load the assessment' });
  expect(problem).toHaveTextContent('/pageQuestions: 404: Page not found');
  expect(attempts).toBe(1);
  server.use(pageQuestionsHandler());
  await user.click(within(problem).getByRole('button', { name: 'Try again' }));

  expect(await screen.findByRole('heading', { name: 'About you' })).toBeVisible();
});

test("pages the screen adds come before and after the API's; the later ones can depend on the answers", async () => {
  server.use(pageQuestionsHandler());
  const user = userEvent.setup();
  const pagesAfter = (answers: Readonly<Record<string, string[]>>) =>
    answers['blood-clot']?.[0] === 'yes'
      ? [
          {
            id: 'clot',
            formId: 'MIP',
            title: 'About the clot',
            questions: [
              { id: 'q-when', ref: 'clot-when', type: 'text' as const, label: 'When was it?', required: true },
            ],
          },
        ]
      : [];
  renderWithProviders(
    <Runner
      form={{ formId: 'MIP', pageIds: ['3'] }}
      pagesBefore={[
        {
          id: 'intro',
          formId: 'MIP',
          title: 'Before we start',
          questions: [
            { id: 'q-nick', ref: 'nickname', type: 'text', label: 'What should we call you?', required: true },
          ],
        },
      ]}
      pagesAfter={pagesAfter}
    />,
  );

  expect(await screen.findByRole('heading', { name: 'Before we start' })).toBeVisible();
  expect(screen.getByText('Page 1 of 2')).toBeVisible();
  await user.type(screen.getByRole('textbox', { name: 'What should we call you?' }), 'Ave');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Your health' });
  await user.click(choose(CANCER, 'No'));
  await user.click(choose(CLOT, 'Yes'));

  expect(screen.getByText('Page 2 of 3')).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByRole('heading', { name: 'About the clot' })).toBeVisible();
});
