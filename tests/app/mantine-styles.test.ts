import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

/**
 * Mantine's per-component CSS files share one specificity, so the file imported last wins:
 * Button.css after UnstyledButton.css gives a filled button, the other way round gives bare
 * bold text (the bug this guards against). src/app/mantine-styles.ts is the one module that
 * imports them, in the order of Mantine's own styles.css, for every component the app renders
 * and every component those render in turn.
 */

const ROOT = path.join(import.meta.dirname, '..', '..');
const MANTINE = path.join(ROOT, 'node_modules', '@mantine', 'core');
const STYLES_MODULE = path.join(ROOT, 'src', 'app', 'mantine-styles.ts');
const GLOBAL_FILES = ['baseline.css', 'default-css-variables.css', 'global.css'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** The Mantine components the app's source imports by name from '@mantine/core'. */
function componentsImportedBySource(): Set<string> {
  const names = new Set<string>();
  for (const file of filesUnder(path.join(ROOT, 'src')).filter((name) => /\.tsx?$/.test(name))) {
    for (const match of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
      for (const part of (match[1] ?? '').split(',')) {
        const name = part.trim();
        if (/^[A-Z]/.test(name)) names.add(name);
      }
    }
  }
  return names;
}

/** The component (or util) folder a file of Mantine's ESM build belongs to, such as 'Button'. */
function componentOf(file: string): string | undefined {
  return /[\\/]esm[\\/](?:components|utils)[\\/]([A-Z][A-Za-z]+)[\\/]/.exec(file)?.[1];
}

/**
 * Every Mantine component a set of components renders, following the relative imports of
 * Mantine's ESM build from each component's entry file (Autocomplete brings Combobox,
 * Popover, ScrollArea, Input...).
 */
function renderedComponents(entries: Iterable<string>): Set<string> {
  const seenFiles = new Set<string>();
  const components = new Set<string>();
  const queue: string[] = [];
  for (const name of entries) {
    for (const base of ['components', 'utils']) {
      const entry = path.join(MANTINE, 'esm', base, name, `${name}.mjs`);
      if (existsSync(entry)) queue.push(entry);
    }
  }
  while (queue.length > 0) {
    const file = queue.pop();
    if (file === undefined || seenFiles.has(file)) continue;
    seenFiles.add(file);
    const component = componentOf(file);
    if (component !== undefined) components.add(component);
    for (const match of readFileSync(file, 'utf8').matchAll(/from\s*"(\.{1,2}\/[^"]+\.mjs)"/g)) {
      queue.push(path.resolve(path.dirname(file), match[1] ?? ''));
    }
  }
  return components;
}

/** The CSS files src/app/mantine-styles.ts imports, in its order. */
function importedCss(): string[] {
  return [...readFileSync(STYLES_MODULE, 'utf8').matchAll(/^import '@mantine\/core\/styles\/([^']+)';$/gm)].map(
    (match) => match[1] ?? '',
  );
}

/** Where a component's CSS sits in Mantine's own all-in-one styles.css. */
function positionInMantineStyles(file: string): number {
  const all = readFileSync(path.join(MANTINE, 'styles.css'), 'utf8');
  return all.indexOf(
    readFileSync(path.join(MANTINE, 'styles', file), 'utf8')
      .trim()
      .slice(0, 300),
  );
}

test('the global styles come first: baseline, the default CSS variables, then global', () => {
  expect(importedCss().slice(0, 3)).toEqual(GLOBAL_FILES);
});

test('every component the app renders, and every component those render, has its CSS imported', () => {
  const needed = [...renderedComponents(componentsImportedBySource())]
    .map((name) => `${name}.css`)
    .filter((file) => existsSync(path.join(MANTINE, 'styles', file)));
  expect(needed).toContain('UnstyledButton.css');
  expect(new Set(importedCss().slice(3))).toEqual(new Set(needed));
});

test('component CSS is imported in the order of Mantine’s styles.css, so base components never override their variants', () => {
  const components = importedCss().slice(3);
  const positions = components.map(positionInMantineStyles);
  expect(positions.every((position) => position >= 0)).toBe(true);
  const sorted = [...components].sort((a, b) => positionInMantineStyles(a) - positionInMantineStyles(b));
  expect(components).toEqual(sorted);
  expect(components.indexOf('UnstyledButton.css')).toBeLessThan(components.indexOf('Button.css'));
});

test('no other module imports Mantine CSS, so which chunk loads first cannot change the order', () => {
  const importers = filesUnder(path.join(ROOT, 'src'))
    .filter((file) => /\.(tsx?|css)$/.test(file) && file !== STYLES_MODULE)
    .filter((file) => readFileSync(file, 'utf8').includes('@mantine/core/styles'))
    .map((file) => path.relative(ROOT, file));
  expect(importers).toEqual([]);
});

test('the app’s entry imports the styles module before anything else', () => {
  const entry = readFileSync(path.join(ROOT, 'src', 'main.tsx'), 'utf8');
  expect(entry.split('\n')[0]).toBe("import './app/mantine-styles.ts';");
});
