import { screen, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { Footer } from '../../../src/shared/layout/footer.tsx';
import { renderWithProviders } from '../../support/render.tsx';

afterEach(() => {
  vi.useRealTimers();
});

function linksIn(name: string) {
  return within(screen.getByRole('navigation', { name })).getAllByRole('link');
}

function labelsIn(name: string) {
  return linksIn(name).map((link) => link.textContent);
}

test("the men's footer lists the men's treatments, exactly", () => {
  renderWithProviders(<Footer variant="default" />, { brand: 'male' });
  expect(labelsIn('Treatments')).toEqual([
    'Testosterone Replacement',
    'Thyroid Therapy',
    'Testosterone Test Kit',
    'Testosterone Treatment Pricing',
    'ED Medications',
  ]);
  for (const link of linksIn('Treatments')) {
    expect(link.getAttribute('href')).toMatch(/^https:\/\/peakmens\.example\/treatments\//);
  }
});

test("the women's footer lists the women's treatments, exactly", () => {
  renderWithProviders(<Footer variant="default" />, { brand: 'female' });
  expect(labelsIn('Treatments')).toEqual(['PCOS', 'Premenopause', 'Perimenopause & Menopause', 'Postmenopause']);
  for (const link of linksIn('Treatments')) {
    expect(link.getAttribute('href')).toMatch(/^https:\/\/peakfemme\.example\/treatments\//);
  }
});

test('both brands have the three legal links', () => {
  const legal = ['Terms & Conditions', 'Privacy Policy', 'Consumer Health Data Privacy Policy'];
  const { unmount } = renderWithProviders(<Footer variant="default" />, { brand: 'male' });
  expect(labelsIn('Legal')).toEqual(legal);
  unmount();
  renderWithProviders(<Footer variant="default" />, { brand: 'female' });
  expect(labelsIn('Legal')).toEqual(legal);
});

test("only the men's footer has the Learn more links", () => {
  const { unmount } = renderWithProviders(<Footer variant="default" />, { brand: 'male' });
  expect(labelsIn('Learn more')).toEqual(['Reviews', 'Our Story', 'Our Providers', 'Contact', 'Health Guide (Blog)']);
  unmount();
  renderWithProviders(<Footer variant="default" />, { brand: 'female' });
  expect(screen.queryByRole('navigation', { name: 'Learn more' })).not.toBeInTheDocument();
});

test("only the men's footer says the brand is not affiliated with medicine makers", () => {
  const { unmount } = renderWithProviders(<Footer variant="default" />, { brand: 'male' });
  expect(screen.getByText(/not affiliated with/i)).toBeInTheDocument();
  unmount();
  renderWithProviders(<Footer variant="default" />, { brand: 'female' });
  expect(screen.queryByText(/not affiliated with/i)).not.toBeInTheDocument();
});

test('the Contact block gives the support hours and a phone number to tap', () => {
  renderWithProviders(<Footer variant="default" />, { brand: 'female' });
  const contact = screen.getByRole('region', { name: 'Contact' });
  expect(within(contact).getByText('Mon-Sun: 8am-8pm (EST)')).toBeInTheDocument();
  expect(within(contact).getByRole('link', { name: '(888) 555-0187' })).toHaveAttribute('href', 'tel:8885550187');
});

test('the about-consult footer hides Contact and Treatments and keeps the legal links', () => {
  renderWithProviders(<Footer variant="about-consult" extraPadding />, { brand: 'female' });
  expect(screen.queryByRole('region', { name: 'Contact' })).not.toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Treatments' })).not.toBeInTheDocument();
  expect(labelsIn('Legal')).toHaveLength(3);
  expect(screen.getByRole('navigation', { name: 'Legal' })).toHaveAttribute('data-centred');
  expect(screen.getByRole('contentinfo')).toHaveAttribute('data-extra-padding');
});

test('the footer has partner logos, social links, the certification seal and medical disclaimers', () => {
  renderWithProviders(<Footer variant="default" />);
  const partners = within(screen.getByRole('list', { name: 'Our partners' })).getAllByRole('link');
  expect(partners.length).toBeGreaterThanOrEqual(2);
  for (const partner of partners) {
    expect(partner.getAttribute('href')).toMatch(/^https:\/\//);
    expect(within(partner).getByRole('img')).toHaveAccessibleName();
  }
  const social = within(screen.getByRole('list', { name: 'Follow us' })).getAllByRole('link');
  expect(social.map((link) => link.getAttribute('aria-label'))).toEqual(['Facebook', 'X', 'Instagram', 'LinkedIn']);
  expect(screen.getByRole('img', { name: /certified telehealth provider/i })).toHaveAttribute(
    'src',
    '/seal/certified-telehealth.svg',
  );
  expect(screen.getByText(/not a substitute for professional medical advice/i)).toBeInTheDocument();
});

test('the copyright line shows the current year and the brand', () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2031-06-15T12:00:00Z'));
  renderWithProviders(<Footer variant="default" />, { brand: 'female' });
  expect(screen.getByText('© 2031 Peak Femme. All rights reserved.')).toBeInTheDocument();
});

function externalLinks() {
  return screen.getAllByRole('link').filter((link) => /^https?:/.test(link.getAttribute('href') ?? ''));
}

test('on screens 640 px and wider, external links open in a new tab without a referrer', () => {
  renderWithProviders(<Footer variant="default" />, { width: 640 });
  const links = externalLinks();
  expect(links.length).toBeGreaterThan(15);
  for (const link of links) {
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAccessibleDescription('Opens in a new tab');
  }
  expect(screen.getByRole('link', { name: '(888) 555-0142' })).not.toHaveAttribute('target');
});

test('below 640 px, external links open in the same tab', () => {
  renderWithProviders(<Footer variant="default" />, { width: 639 });
  for (const link of externalLinks()) {
    expect(link).not.toHaveAttribute('target');
    expect(link).not.toHaveAccessibleDescription();
  }
});
