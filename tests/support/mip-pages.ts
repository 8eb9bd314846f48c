import { http, HttpResponse, type HttpHandler } from 'msw';
import type { QuestionPage } from '../../src/contract/api-types.ts';
import { QUESTION_PAGES } from '../../src/server/seed.ts';
import { TEST_API_BASE } from '../api/msw.ts';

/** Every page of the hormone assessment (MIP), the local server's seed itself. */
const ALL_MIP_PAGES = QUESTION_PAGES.filter((page) => page.formId === 'MIP') as unknown as readonly QuestionPage[];

/**
 * The men's hormone assessment's pages (MIP 1-4; the women's asks page 5 instead of 3), the
 * local server's seed itself, so the tests ask exactly what a patient is asked.
 */
export const MIP_PAGES = ALL_MIP_PAGES.filter((page) => ['1', '2', '3', '4'].includes(page.id));

/** One MIP page by id. */
export function mipPage(id: string): QuestionPage {
  const page = ALL_MIP_PAGES.find((candidate) => candidate.id === id);
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
    const pages = ids.map((id) => ALL_MIP_PAGES.find((page) => page.formId === formId && page.id === id));
    if (pages.some((page) => page === undefined)) {
      return HttpResponse.json({ status: 404, message: 'Page not found' }, { status: 404 });
    }
    return HttpResponse.json({ data: { formId, pages } });
  });
}
