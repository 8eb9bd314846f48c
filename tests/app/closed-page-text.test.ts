import { expect, test } from 'vitest';
import { closedPageText } from '../../src/app/closed-page-text.ts';

/**
 * What a page reached without the journey it needs says (issue 23, point 4): never a claim of
 * work done; to a cold patient that nothing was booked, charged or sent, and the way to start;
 * to one part of the way that their answers are kept, and the way back to them.
 */

test('a finish page reached cold says the assessment is not finished, and starts it', () => {
  const text = closedPageText({ need: 'steps-done', fromStart: true, loadFailed: false, missing: [] });
  expect(text.heading).toBe('You have not finished your assessment yet');
  expect(text.lines).toContain('Nothing has been booked, charged or sent.');
  expect(text.action).toBe('Start your assessment');
  expect(text.title).toBe('Not Finished Yet');
});

test('a finish page reached part of the way sends the patient back to where they were', () => {
  const text = closedPageText({ need: 'steps-done', fromStart: false, loadFailed: false, missing: [] });
  expect(text.lines[0]).toBe('Your answers so far are saved.');
  expect(text.action).toBe('Continue where you left off');
});

test('a step the funnel does not include says it is not part of the visit', () => {
  const text = closedPageText({ need: 'funnel-step', fromStart: true, loadFailed: false, missing: [] });
  expect(text.heading).toBe('This page is not part of your visit');
  expect(text.action).toBe('Start your assessment');
});

test('a journey that could not be loaded claims nothing either way, and offers to try again', () => {
  const text = closedPageText({ need: 'steps-done', fromStart: true, loadFailed: true, missing: [] });
  expect(text.heading).toBe('We could not load your progress just now');
  expect(text.action).toBe('Try again');
  expect(text.lines.join(' ')).not.toMatch(/not finished|Start/);
});
