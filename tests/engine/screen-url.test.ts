import { expect, test } from 'vitest';
import { errorContentKeyOf, groupSetting } from '../../src/engine/code-groups.ts';
import { funnelStartUrl, screenUrlFor } from '../../src/engine/funnel-plan.ts';
import { loadConfig, loadEngine } from '../support/config.ts';

const engine = loadEngine();
const { codeGroups } = loadConfig();

test("a patient with no answers is sent to their own funnel's assessment step", () => {
  expect(screenUrlFor(engine, 'hormone-assessment', 'shrt', 'male')).toBe('/hormone-assessment/shrt');
  expect(screenUrlFor(engine, 'hormone-assessment', 'FHA1', 'female')).toBe('/f/hormone-assessment/fha1');
});

test('the quiz, whose funnel starts after it, is found by the page whose code defaults to it', () => {
  expect(screenUrlFor(engine, 'hormone-assessment', 'quiz', 'male')).toBe('/quiz');
});

test("a code whose funnel has no assessment gets the brand's assessment page with its code", () => {
  expect(screenUrlFor(engine, 'hormone-assessment', 'dailytada', 'male')).toBe('/hormone-assessment/dailytada');
});

test('a screen the site has no page for gives null, so the caller falls back', () => {
  expect(screenUrlFor(engine, 'comm-verify', 'shrt', 'female')).toBeNull();
});

test("a code's group settings come from the first group that lists it and names the setting", () => {
  expect(groupSetting(codeGroups, 'shrt', 'errorContentKey')).toBe('error404-HRT');
  expect(groupSetting(codeGroups, 'GROUPV', 'consultEventType')).toBe('ed-consult');
  expect(groupSetting(codeGroups, 'dailytada', 'intakePageSwaps')).toEqual({ '1': '4' });
  // The renewal asks its own page, and names the first visit for someone who is not a patient yet.
  expect(groupSetting(codeGroups, 'a2-renewal', 'intakePageSwaps')).toEqual({ '1': '5' });
  expect(groupSetting(codeGroups, 'a2-renewal', 'newPatientCode')).toBe('dailytada');
  expect(groupSetting(codeGroups, 'a2-renewal', 'consultEventType')).toBe('ed-consult');
  expect(groupSetting(codeGroups, 'shrt', 'consultEventType')).toBeUndefined();
  expect(groupSetting(codeGroups, null, 'errorContentKey')).toBeUndefined();
});

test("a code's funnel starts at its first step, with no query; a code with no funnel on the site has none", () => {
  expect(funnelStartUrl(engine, 'DailyTada', 'male')).toBe('/mip/form/dailytada');
  expect(funnelStartUrl(engine, 'bhrt', 'male')).toBe('/payment/bhrt');
  expect(funnelStartUrl(engine, 'dailytada', 'female')).toBeNull();
  expect(funnelStartUrl(engine, 'nope', 'male')).toBeNull();
});

test("the error page's content: the code's group's, else for an unknown code the group of the screen its link opened, else the default", () => {
  // SPEC §2: HRT codes get error404-HRT, every other code error404-ED.
  expect(errorContentKeyOf(codeGroups, 'shrt')).toBe('error404-HRT');
  expect(errorContentKeyOf(codeGroups, 'dailytada')).toBe('error404-ED');
  expect(errorContentKeyOf(codeGroups, 'nosuch')).toBe('error404-ED');
  // A mistyped code on a hormone assessment link is still an HRT patient's.
  expect(errorContentKeyOf(codeGroups, 'a2', 'hormone-assessment')).toBe('error404-HRT');
  expect(errorContentKeyOf(codeGroups, 'a2', 'checkout')).toBe('error404-ED');
  // A code in a group keeps its group's content wherever its link pointed.
  expect(errorContentKeyOf(codeGroups, 'dailytada', 'hormone-assessment')).toBe('error404-ED');
});
