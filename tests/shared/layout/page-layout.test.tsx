import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { RouteConfig } from '../../../src/engine/config-types.ts';
import type { ComponentProps } from 'react';
import { Footer } from '../../../src/shared/layout/footer.tsx';
import { LayoutFrame, resolveLayout } from '../../../src/shared/layout/layout-frame.tsx';
import { loadConfig, must } from '../../support/config.ts';
import { renderWithProviders } from '../../support/render.tsx';

const { routes } = loadConfig().routes;
const route = (path: string): RouteConfig =>
  must(
    routes.find((r) => r.path === path),
    `route ${path}`,
  );

/** The page frame with the footer rendered at once (the app loads the footer's code after the page). */
function PageLayout(props: Omit<ComponentProps<typeof LayoutFrame>, 'footer'>) {
  return <LayoutFrame {...props} footer={Footer} />;
}

const thankYou = route('/thank-you/:pathCode');
const upload = route('/upload/:uploadComp?');

test('a route with no layout options gets the default layout: padded, with right-hand content', () => {
  expect(resolveLayout(thankYou, '/thank-you/shrt')).toEqual({
    name: 'default',
    padding: true,
    hideRightContent: false,
    extraFooterPadding: false,
  });
});

test('the about-consult page is full width with no right-hand content and extra room under the footer', () => {
  expect(resolveLayout(route('/f/about-consult/:pathCode'), '/f/about-consult/fha1')).toEqual({
    name: 'default',
    padding: false,
    hideRightContent: true,
    extraFooterPadding: true,
  });
});

test('results use the grey layout, the quiz and payment the minimal one without right-hand content', () => {
  expect(resolveLayout(route('/f/results/:pathCode'), '/f/results/fha1').name).toBe('grey');
  expect(resolveLayout(route('/quiz/:pathCode?'), '/quiz')).toMatchObject({ name: 'minimal', hideRightContent: true });
  expect(resolveLayout(route('/payment/:pathCode'), '/payment/shrt')).toMatchObject({
    name: 'minimal',
    hideRightContent: true,
  });
});

test('the upload page uses the wrapper layout only when its path contains dailytada2', () => {
  expect(resolveLayout(upload, '/upload/dailytada2').name).toBe('wrapper');
  expect(resolveLayout(upload, '/upload/DailyTada2').name).toBe('wrapper');
  expect(resolveLayout(upload, '/upload/dailytada').name).toBe('default');
  expect(resolveLayout(upload, '/upload').name).toBe('default');
});

test('a path-specific layout overrides only the options it names', () => {
  const custom: RouteConfig = {
    ...thankYou,
    layout: { padding: false, background: 'brandAccent' },
    layoutWhenPathContains: [
      { text: 'gift', layout: { name: 'grey' } },
      { text: 'gift', layout: { name: 'bare' } },
    ],
  };
  expect(resolveLayout(custom, '/thank-you/gift')).toEqual({
    name: 'grey',
    padding: false,
    hideRightContent: false,
    extraFooterPadding: false,
    background: 'brandAccent',
  });
});

test('the default layout has the header, the page and the footer', () => {
  renderWithProviders(
    <PageLayout route={thankYou} pathname="/thank-you/shrt">
      <h1>Thank you</h1>
    </PageLayout>,
  );
  expect(screen.getByRole('banner')).toBeInTheDocument();
  expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { name: 'Thank you', level: 1 }));
  expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /have questions/i })).toBeInTheDocument();
});

test('the payment page shows Secure Checkout and a checkout’s focused footer: the help line and the legal links', () => {
  renderWithProviders(
    <PageLayout route={route('/payment/:pathCode')} pathname="/payment/shrt">
      <h1>Payment</h1>
    </PageLayout>,
    { width: 375 },
  );
  expect(screen.getByText('Secure Checkout')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /call now/i })).toBeInTheDocument();
  const footer = screen.getByRole('contentinfo');
  expect(within(footer).getByRole('link', { name: '(888) 555-0142' })).toHaveAttribute('href', 'tel:8885550142');
  const legal = within(footer).getByRole('navigation', { name: 'Legal' });
  expect(
    within(legal)
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual(['Terms & Conditions', 'Privacy Policy', 'Consumer Health Data Privacy Policy']);
  // Each opens in a new tab: leaving the checkout in this one would lose what was typed.
  expect(within(legal).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('target', '_blank');
  expect(within(footer).queryByRole('navigation', { name: 'Treatments' })).not.toBeInTheDocument();
  expect(within(footer).queryByRole('list', { name: 'Our partners' })).not.toBeInTheDocument();
});

test('a page outside the checkout keeps the brand’s whole footer', () => {
  renderWithProviders(
    <PageLayout route={thankYou} pathname="/thank-you/shrt">
      <h1>Thank you</h1>
    </PageLayout>,
    { width: 375 },
  );
  expect(within(screen.getByRole('contentinfo')).getByRole('navigation', { name: 'Treatments' })).toBeInTheDocument();
});

test('right-hand content shows beside the page unless the layout hides it', () => {
  const { unmount } = renderWithProviders(
    <PageLayout route={thankYou} pathname="/thank-you/shrt" aside={<p>What happens next</p>}>
      <h1>Thank you</h1>
    </PageLayout>,
  );
  expect(screen.getByRole('complementary')).toHaveTextContent('What happens next');
  unmount();

  renderWithProviders(
    <PageLayout route={route('/f/about-consult/:pathCode')} pathname="/f/about-consult/fha1" aside={<p>Hidden</p>}>
      <h1>About your consult</h1>
    </PageLayout>,
    { brand: 'female' },
  );
  expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  expect(screen.queryByText('Hidden')).not.toBeInTheDocument();
});

test('the about-consult page uses the about-consult footer', () => {
  renderWithProviders(
    <PageLayout route={route('/f/about-consult/:pathCode')} pathname="/f/about-consult/fha1">
      <h1>About your consult</h1>
    </PageLayout>,
    { brand: 'female' },
  );
  expect(screen.getByRole('navigation', { name: 'Legal' })).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Treatments' })).not.toBeInTheDocument();
  expect(screen.getByRole('contentinfo')).toHaveAttribute('data-extra-padding');
});

test('the bare layout shows the page alone: no header, no footer', () => {
  renderWithProviders(
    <PageLayout route={route('/memo/appointment')} pathname="/memo/appointment">
      <h1>Your appointment</h1>
    </PageLayout>,
  );
  expect(screen.getByRole('main')).toHaveTextContent('Your appointment');
  expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
});

test('uploading from a dailytada2 link shows only the logo above the page, and no footer', () => {
  renderWithProviders(
    <PageLayout route={upload} pathname="/upload/dailytada2">
      <h1>Upload your ID</h1>
    </PageLayout>,
  );
  const header = screen.getByRole('banner');
  expect(header).toContainElement(screen.getByRole('img', { name: "Peak Men's Health" }));
  expect(screen.queryByRole('link')).not.toBeInTheDocument();
  expect(screen.getByRole('main')).toHaveTextContent('Upload your ID');
  expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
});

test('uploading from any other link shows the usual header and footer', () => {
  renderWithProviders(
    <PageLayout route={upload} pathname="/upload/passport">
      <h1>Upload your ID</h1>
    </PageLayout>,
  );
  expect(screen.getByRole('link', { name: /have questions/i })).toBeInTheDocument();
  expect(screen.getByRole('contentinfo')).toBeInTheDocument();
});

test('the loading layout shows the brand mark, announced as loading', () => {
  renderWithProviders(
    <PageLayout route={{ ...route('/s/:pathCode'), layout: { name: 'loading' } }} pathname="/s/abc123">
      {null}
    </PageLayout>,
    { brand: 'female' },
  );
  const status = screen.getByRole('status', { name: 'Loading' });
  expect(status).toHaveAttribute('aria-busy', 'true');
  expect(within(status).getByRole('presentation')).toHaveAttribute('src', '/brand/female/favicon.svg');
  expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
});

test("on a phone, the assessment's layout has the scroll progress bar under its fixed header", () => {
  renderWithProviders(
    <PageLayout route={route('/hormone-assessment/:pathCode')} pathname="/hormone-assessment/shrt">
      <h1>Hormone assessment</h1>
    </PageLayout>,
    { width: 375 },
  );
  expect(screen.getByRole('banner')).toHaveAttribute('data-fixed');
  expect(screen.getByRole('progressbar', { name: 'Page scrolled' })).toBeInTheDocument();
  expect(screen.getByText('Less than 5 minutes to complete')).toBeInTheDocument();
});
