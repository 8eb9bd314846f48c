/**
 * Where the build puts each route's prerendered page (scripts/lib/prerender-plugin.ts) and
 * where the server finds them (src/server/pages.ts), inside the build's folder.
 */

/** The folder of the pages, one folder per brand. */
export const SHELLS_DIR = 'shells';
/** The file naming each brand's page per route, in the shells folder. */
export const SHELLS_MANIFEST = 'manifest.json';
/**
 * The build's render of the app for Node, kept in the shells folder (which the server never
 * serves as a file): the server renders a form's first page with it (src/server/early-forms.ts).
 */
export const RENDER_BUNDLE_DIR = 'render';
export const RENDER_BUNDLE_FILE = 'render-shell.mjs';
