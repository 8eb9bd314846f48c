import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { useBrand } from '../../../src/shared/brand/brand-context.tsx';
import { selectBrand } from '../../../src/contract/brand.ts';
import { loadConfig } from '../../support/config.ts';
import { renderWithProviders } from '../../support/render.tsx';

const { brands } = loadConfig();

test("localhost and 127.0.0.1 are the men's brand; femme.localhost the women's", () => {
  expect(selectBrand(brands, { hostname: 'localhost' }).site).toBe('male');
  expect(selectBrand(brands, { hostname: '127.0.0.1' }).site).toBe('male');
  expect(selectBrand(brands, { hostname: 'femme.localhost' }).site).toBe('female');
  expect(selectBrand(brands, { hostname: 'FEMME.localhost' }).site).toBe('female');
});

test('a build-time brand beats the environment flag, which beats the host', () => {
  expect(selectBrand(brands, { buildTime: 'female', environment: 'male', hostname: 'localhost' })).toMatchObject({
    site: 'female',
    source: 'build',
  });
  expect(selectBrand(brands, { environment: 'female', hostname: 'localhost' })).toMatchObject({
    site: 'female',
    source: 'environment',
  });
  expect(selectBrand(brands, { hostname: 'unknown.example' })).toMatchObject({ site: 'male', source: 'default' });
});

test('a setting that is not a brand is ignored and reported', () => {
  const selected = selectBrand(brands, { buildTime: 'femme', hostname: 'femme.localhost' });
  expect(selected.site).toBe('female');
  expect(selected.source).toBe('host');
  expect(selected.ignored).toEqual(['VITE_BRAND="femme" is not male or female']);
});

test("the women's portal link is on its own domain", () => {
  expect(brands.brands.female.portalLink).not.toBe(brands.brands.male.portalLink);
  expect(new URL(brands.brands.female.portalLink).hostname).toContain('femme');
});

function BrandName() {
  const { brand } = useBrand();
  return <p>{brand.brandName}</p>;
}

test('components read the brand they are rendered for', () => {
  renderWithProviders(<BrandName />, { brand: 'female' });
  expect(screen.getByText('Peak Femme')).toBeInTheDocument();
});
