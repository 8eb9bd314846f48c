import type { CodeGroup, CodeGroupsFile } from './config-types.ts';

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
