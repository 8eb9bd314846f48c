import { http, HttpResponse, type HttpHandler } from 'msw';
import type { QuestionPage } from '../../src/api/types.ts';
import { TEST_API_BASE } from '../api/msw.ts';

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** The hormone assessment's pages (MIP 1-4), as the local server's seed (src/server/seed.ts) has them. */
export const MIP_PAGES: readonly QuestionPage[] = [
  {
    id: '1',
    formId: 'MIP',
    title: 'About you',
    questions: [
      {
        id: 'q-birthdate',
        ref: 'birthdate',
        type: 'date',
        label: 'What is your date of birth?',
        required: true,
        validation: { message: 'Enter your date of birth as MM/DD/YYYY.' },
      },
      { id: 'q-state', ref: 'state', type: 'us-state', label: 'Which state do you live in?', required: true },
      {
        id: 'q-weight',
        ref: 'weight',
        type: 'number',
        label: 'What is your weight in pounds?',
        required: true,
        validation: { minimum: 70, maximum: 700, message: 'Enter a weight between 70 and 700 pounds.' },
      },
    ],
  },
  {
    id: '2',
    formId: 'MIP',
    title: 'Your symptoms',
    questions: [
      {
        id: 'q-energy',
        ref: 'energy-level',
        type: 'single-choice',
        label: 'How would you describe your energy level?',
        required: true,
        options: [
          { value: 'Low', label: 'Low' },
          { value: 'Normal', label: 'Normal' },
          { value: 'High', label: 'High' },
        ],
      },
      {
        id: 'q-symptoms',
        ref: 'symptoms',
        type: 'multiple-choice',
        label: 'Which of these have you noticed in the last few months?',
        required: true,
        options: [
          { value: 'fatigue', label: 'Tiredness or fatigue' },
          { value: 'low-libido', label: 'Low sex drive' },
          { value: 'weight-gain', label: 'Weight gain' },
          { value: 'mood-changes', label: 'Mood changes or irritability' },
          { value: 'poor-sleep', label: 'Poor sleep' },
          { value: 'brain-fog', label: 'Brain fog or poor focus' },
          { value: 'hot-flashes', label: 'Hot flashes or night sweats' },
          { value: 'muscle-loss', label: 'Loss of muscle or strength' },
          { value: 'none', label: 'None of these' },
        ],
        validation: { minItems: 1, message: 'Choose at least one.' },
      },
      {
        id: 'q-duration',
        ref: 'symptom-duration',
        type: 'single-choice',
        label: 'How long have you had these symptoms?',
        required: true,
        options: [
          { value: 'under-6-months', label: 'Less than 6 months' },
          { value: '6-12-months', label: '6 to 12 months' },
          { value: 'over-1-year', label: 'More than a year' },
        ],
      },
    ],
  },
  {
    id: '3',
    formId: 'MIP',
    title: 'Your health',
    questions: [
      {
        id: 'q-cancer',
        ref: 'hormone-cancer',
        type: 'yes-no',
        label: 'Have you ever been diagnosed with a hormone-sensitive cancer, such as prostate or breast cancer?',
        required: true,
        options: YES_NO,
      },
      {
        id: 'q-blood-clot',
        ref: 'blood-clot',
        type: 'yes-no',
        label: 'Have you ever had a blood clot, a stroke or a heart attack?',
        required: true,
        options: YES_NO,
      },
      {
        id: 'q-medications',
        ref: 'medications',
        type: 'text',
        label: 'List any medications or supplements you take (optional).',
        required: false,
        validation: { maxLength: 2000 },
      },
    ],
  },
  {
    id: '4',
    formId: 'MIP',
    title: 'Where should we send your results?',
    questions: [
      {
        id: 'q-first-name',
        ref: 'firstName',
        type: 'text',
        label: 'First name',
        required: true,
        validation: { maxLength: 100 },
      },
      {
        id: 'q-last-name',
        ref: 'lastName',
        type: 'text',
        label: 'Last name',
        required: true,
        validation: { maxLength: 100 },
      },
      { id: 'q-email', ref: 'email', type: 'email', label: 'Email', required: true },
      {
        id: 'q-phone',
        ref: 'phone',
        type: 'phone',
        label: 'Mobile phone',
        required: true,
        validation: { pattern: '^[2-9][0-9]{2}[2-9][0-9]{6}$', message: 'Enter a 10-digit US phone number.' },
      },
      {
        id: 'q-contact-consent',
        ref: 'contact-consent',
        type: 'consent',
        label: 'I agree to be contacted by phone, text message and email about my results and treatment.',
        required: true,
      },
    ],
  },
];

/** One MIP page by id. */
export function mipPage(id: string): QuestionPage {
  const page = MIP_PAGES.find((candidate) => candidate.id === id);
  if (!page) throw new Error(`no MIP page ${id}`);
  return page;
}

/**
 * `GET /memoForm/pageQuestions` as the local server answers it: the pages in the order asked,
 * 404 when one is missing. Every request's page ids are recorded.
 */
export function pageQuestionsHandler(asked: string[][] = []): HttpHandler {
  return http.get(`${TEST_API_BASE}/memoForm/pageQuestions`, ({ request }) => {
    const query = new URL(request.url).searchParams;
    const formId = query.get('formId') ?? '';
    const ids = (query.get('pageIds') ?? '').split(',');
    asked.push(ids);
    const pages = ids.map((id) => MIP_PAGES.find((page) => page.formId === formId && page.id === id));
    if (pages.some((page) => page === undefined)) {
      return HttpResponse.json({ status: 404, message: 'Page not found' }, { status: 404 });
    }
    return HttpResponse.json({ data: { formId, pages } });
  });
}
