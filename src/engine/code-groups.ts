import type { CodeGroup, CodeGroupsFile, ScreenName } from './config-types.ts';

/** What a code group may change for its codes (config/code-groups.json). */
export type GroupSetting = 'errorContentKey' | 'consultEventType' | 'intakePageSwaps' | 'newPatientCode';

/**
 * What a code's groups say about `setting`: the first group, in file order, that lists the code
 * and names the setting; undefined when none does. Codes compare in lower case, as URLs carry
 * them in any case. `npm run validate` refuses two groups giving one code different values.
 */
export function groupSetting<Setting extends GroupSetting>(
  file: CodeGroupsFile,
  code: string | null | undefined,
  setting: Setting,
): CodeGroup[Setting] | undefined {
  if (code === null || code === undefined) return undefined;
  const lower = code.toLowerCase();
  for (const group of Object.values(file.groups)) {
    if (group[setting] !== undefined && group.codes.includes(lower)) return group[setting];
  }
  return undefined;
}

/**
 * The error page's content entry for a link (SPEC §2: error404-HRT for an HRT code, else
 * error404-ED): the code's group's, when the code is in a group; for a code in no group, the
 * entry of the group whose `unknownCodeScreens` has the screen the link opened (a hormone
 * assessment link with a mistyped code is still an HRT patient's); else the default.
 */
export function errorContentKeyOf(
  file: CodeGroupsFile,
  code: string | null | undefined,
  linkScreen?: ScreenName,
): string {
  const lower = code?.toLowerCase();
  const grouped = lower !== undefined && Object.values(file.groups).some((group) => group.codes.includes(lower));
  const byCode = groupSetting(file, code, 'errorContentKey');
  if (grouped || linkScreen === undefined) return byCode ?? file.defaultErrorContentKey;
  const byScreen = Object.values(file.groups).find((group) => group.unknownCodeScreens?.includes(linkScreen));
  return byScreen?.errorContentKey ?? file.defaultErrorContentKey;
}
