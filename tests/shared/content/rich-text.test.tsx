import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { LazyRichText } from '../../../src/shared/content/lazy-rich-text.tsx';
import { RichText } from '../../../src/shared/content/rich-text.tsx';
import { renderWithProviders } from '../../support/render.tsx';

test('headings of every level are shown', () => {
  renderWithProviders(<RichText markdown={'# One\n\n## Two\n\n##### Five\n\n###### Six'} />);
  expect(screen.getByRole('heading', { level: 1, name: 'One' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'Two' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 5, name: 'Five' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 6, name: 'Six' })).toBeInTheDocument();
});

test('level-5 headings are styled apart from the other levels', () => {
  renderWithProviders(<RichText markdown={'## Two\n\n##### Five\n\n###### Six'} />);
  const five = screen.getByRole('heading', { level: 5 });
  const two = screen.getByRole('heading', { level: 2 });
  const six = screen.getByRole('heading', { level: 6 });
  expect(five.className).not.toBe(two.className);
  expect(two.className).toBe(six.className);
});

test('a web link opens in a new tab and sends no referrer', () => {
  renderWithProviders(<RichText markdown="See [our clinicians](https://peakmens.example/team)." />);
  const link = screen.getByRole('link', { name: 'our clinicians' });
  expect(link).toHaveAttribute('href', 'https://peakmens.example/team');
  expect(link).toHaveAttribute('target', '_blank');
  expect(link).toHaveAttribute('rel', 'noopener noreferrer');
});

test('mail, phone and relative links are kept', () => {
  renderWithProviders(
    <RichText markdown="[Mail](mailto:care@peakmens.example) [Call](tel:+18005550100) [Start](/assessment?x=1)" />,
  );
  expect(screen.getByRole('link', { name: 'Mail' })).toHaveAttribute('href', 'mailto:care@peakmens.example');
  expect(screen.getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:+18005550100');
  expect(screen.getByRole('link', { name: 'Start' })).toHaveAttribute('href', '/assessment?x=1');
});

test('an anchor on the same page stays in this tab', () => {
  renderWithProviders(<RichText markdown="[Jump to FAQ](#faq)" />);
  const link = screen.getByRole('link', { name: 'Jump to FAQ' });
  expect(link).toHaveAttribute('href', '#faq');
  expect(link).not.toHaveAttribute('target');
});

test('a javascript: link keeps its text but goes nowhere, however it is spelled', async () => {
  const user = userEvent.setup();
  renderWithProviders(
    <RichText
      markdown={[
        '[plain](javascript:alert(1))',
        '[cased](JaVaScRiPt:alert(1))',
        // Markdown decodes character references in a destination before the check sees it.
        '[encoded](&#106;avascript:alert(1))',
        '[data](data:text/html,hi)',
        '[vb](vbscript:msgbox)',
      ].join('\n\n')}
    />,
  );
  for (const name of ['plain', 'cased', 'encoded', 'data', 'vb']) {
    const link = screen.getByRole('link', { name });
    expect(link, name).toHaveAttribute('href', '#');
    expect(link, name).not.toHaveAttribute('target');
  }
  const before = window.location.href;
  await user.click(screen.getByRole('link', { name: 'plain' }));
  expect(window.location.href).toBe(before);
});

test('a tab written into a destination is percent-encoded by markdown, which leaves a harmless relative link', () => {
  renderWithProviders(<RichText markdown={'[tab](java&#9;script:alert(1))'} />);
  const href = screen.getByRole('link', { name: 'tab' }).getAttribute('href') ?? '';
  expect(new URL(href, window.location.href).protocol).toBe(window.location.protocol);
});

test('raw HTML is neither rendered nor shown as text', () => {
  const { container } = renderWithProviders(
    <RichText
      markdown={[
        'Before',
        '<script>window.hacked = true</script>',
        '<img src="x" onerror="window.hacked = true">',
        'Inline <b onclick="x()">bold</b> and <a href="javascript:alert(1)">html link</a> end',
        '<iframe src="https://evil.example"></iframe>',
      ].join('\n\n')}
    />,
  );
  expect(container.querySelector('script, iframe, img, b')).toBeNull();
  expect(screen.queryByRole('link')).toBeNull();
  expect(screen.queryByRole('img')).toBeNull();
  expect(container).not.toHaveTextContent('<script>');
  expect(container).not.toHaveTextContent('onerror');
  expect(container).toHaveTextContent('Before');
  expect(container).toHaveTextContent('Inline bold and html link end');
  expect(window).not.toHaveProperty('hacked');
});

test('images are shown from web addresses only', () => {
  renderWithProviders(
    <RichText markdown={'![Clinic](https://cdn.example.com/clinic.jpg)\n\n![Payload](data:image/svg+xml,<svg>)'} />,
  );
  expect(screen.getByRole('img', { name: 'Clinic' })).toHaveAttribute('src', 'https://cdn.example.com/clinic.jpg');
  expect(screen.queryByRole('img', { name: 'Payload' })).toBeNull();
});

test('bold text is shown with strong emphasis', () => {
  renderWithProviders(<RichText markdown="Results in **four weeks**." />);
  const bold = screen.getByText('four weeks');
  expect(bold.tagName).toBe('STRONG');
});

test('each paragraph mode is its own style, with the default as heading style 5', () => {
  const modes = ['default', 'small', 'title-page', 'white'] as const;
  const { rerender } = renderWithProviders(<RichText markdown="Text" />);
  // The stylesheet keys every mode off data-mode on the wrapper around the paragraphs.
  expect(screen.getByText('Text').closest('[data-mode]')).toHaveAttribute('data-mode', 'default');
  for (const mode of modes) {
    rerender(<RichText markdown="Text" mode={mode} />);
    expect(screen.getByText('Text').closest('[data-mode]')).toHaveAttribute('data-mode', mode);
  }
});

test('the lazy version shows placeholder lines, then the text', async () => {
  renderWithProviders(<LazyRichText markdown="##### Ready" />);
  expect(screen.getByRole('status', { name: 'Loading text' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 5, name: 'Ready' })).toBeInTheDocument();
  expect(screen.queryByRole('status', { name: 'Loading text' })).toBeNull();
});
