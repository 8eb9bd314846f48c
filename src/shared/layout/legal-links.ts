import type { Site } from '../../engine/config-types.ts';

/** A link in a footer. Every `href` is absolute: footers link out to the brand's marketing site. */
export interface FooterLink {
  label: string;
  href: string;
}

/** The marketing site of each brand; footer links point there (the funnel is its own host). */
export const MARKETING_SITE: Record<Site, string> = {
  male: 'https://peakmens.example',
  female: 'https://peakfemme.example',
};

/** Links to pages of the brand's marketing site, each a label and a path. */
export function marketingLinks(site: Site, links: [label: string, path: string][]): FooterLink[] {
  return links.map(([label, path]) => ({ label, href: `${MARKETING_SITE[site]}${path}` }));
}

/**
 * The legal pages (SPEC.md "Page layout", Footer, Legal block), which every footer links to,
 * the focused one of a checkout too. A module of their own, so that footer (its code loaded on
 * every focused page) does not bring the whole footer's content with it.
 */
export const LEGAL_LINKS: Record<Site, FooterLink[]> = {
  male: legal('male'),
  female: legal('female'),
};

function legal(site: Site): FooterLink[] {
  return marketingLinks(site, [
    ['Terms & Conditions', '/terms-and-conditions'],
    ['Privacy Policy', '/privacy-policy'],
    ['Consumer Health Data Privacy Policy', '/consumer-health-data-privacy-policy'],
  ]);
}
