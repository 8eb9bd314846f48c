// The attribute lets Node load this module as it is (Playwright's tests make landing ids with it).
import routes from '../../config/routes.json' with { type: 'json' };
import type { FormIds } from '../engine/config-types.ts';

/**
 * The form ids of the funnel's parts (config/routes.json `forms`, SPEC §3): the browser and the
 * server ask for "the intake's form" by its part, never by a literal id.
 */
export const FORM_IDS: Readonly<FormIds> = routes.forms;
