/*
 * The app's typeface, Inter, shipped with the app in its Latin subset at the two weights the
 * design uses (regular text, semibold headings and buttons), so a page looks the same on every
 * device and in the screenshot tests, and no font service is called. `font-display: swap`:
 * text shows at once in the fallback font and never waits for the file.
 */
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-600.css';
