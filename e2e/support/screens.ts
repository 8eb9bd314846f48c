import { withReturnLink } from './return-link.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MENS_SITE, WOMENS_SITE } from './sites.ts';

/**
 * Every screen a patient can open by URL, on the real local server with its demo data: each
 * route of config/routes.json on its own brand with realistic parameters, the shared routes
 * on both brands (each has its own colours), the incomplete links and the fallback page of
 * the other brand's routes. The accessibility checks, the design contract and the screenshot
 * gallery all visit this list, so a new route is looked at by each of them.
 */

export interface RouteEntry {
  path: string;
  site: 'male' | 'female' | 'shared';
}
export const ROUTES = (
  JSON.parse(readFileSync(path.join(import.meta.dirname, '..', '..', 'config', 'routes.json'), 'utf8')) as {
    routes: RouteEntry[];
  }
).routes;

export const SITES = { male: MENS_SITE, female: WOMENS_SITE } as const;
export type Site = keyof typeof SITES;

export interface ScreenVisit {
  /** The route of config/routes.json the URL opens ('fallback' for another brand's route). */
  route: string;
  site: Site;
  url: string;
}

/**
 * Demo data of src/server/seed.ts: customers by brand, and one appointment of each brand. Their
 * pages open by the return link of the clinic's email, as a returning patient's do.
 */
export const MALE_CUSTOMER = '100235';
export const FEMALE_CUSTOMER = '100234';

export const VISITS: readonly ScreenVisit[] = [
  // The women's site.
  { route: '/f/hormone-assessment/:pathCode', site: 'female', url: '/f/hormone-assessment/fha1' },
  { route: '/f/results/:pathCode', site: 'female', url: '/f/results/fha1' },
  // A step after the assessment opens cold only on a code that takes it first, or by a link whose
  // steps need nothing before it (issue 37: a cold link to it is brought to the assessment, and so
  // is a pay link on a code that assesses first): the screen itself, as it opens.
  { route: '/f/payment/:pathCode', site: 'female', url: '/f/payment/fbhrt' },
  { route: '/f/intake/:pathCode', site: 'female', url: '/f/intake/fha1?pathOverride=intake' },
  { route: '/f/about-consult/:pathCode', site: 'female', url: '/f/about-consult/fha1?pathOverride=precal' },
  { route: '/f/consult-upcoming/:pathCode', site: 'female', url: '/f/consult-upcoming/fha1' },
  // A cold booking link: a visitor nobody can reach is brought to the assessment, told why.
  { route: '/f/appointment/:appointmentType/:pathCode/:pageId?', site: 'female', url: '/f/appointment/consult/fha1' },
  {
    route: '/f/cont/:pathCode',
    site: 'female',
    url: withReturnLink(`/f/cont/fha1?ktCustomerId=${FEMALE_CUSTOMER}`, FEMALE_CUSTOMER),
  },
  { route: '/f/conf/:pathCode/:finishType', site: 'female', url: '/f/conf/fha1/refill' },
  { route: '/f/finish/:pathCode', site: 'female', url: '/f/finish/fha1' },
  {
    route: '/f/restart-hrt/:pathCode?',
    site: 'female',
    url: withReturnLink(`/f/restart-hrt?ktCustomerId=${FEMALE_CUSTOMER}`, FEMALE_CUSTOMER),
  },
  // The men's site, and the shared routes of its funnels.
  { route: '/hormone-assessment/:pathCode', site: 'male', url: '/hormone-assessment/shrt' },
  { route: '/hormone-assessment/ghrt', site: 'male', url: '/hormone-assessment/ghrt' },
  { route: '/hormone-assessment/mhrt', site: 'male', url: '/hormone-assessment/mhrt' },
  { route: '/hormone-assessment/rhrt', site: 'male', url: '/hormone-assessment/rhrt' },
  { route: '/quiz/:pathCode?', site: 'male', url: '/quiz' },
  { route: '/results/:pathCode', site: 'male', url: '/results/shrt' },
  { route: '/payment/:pathCode', site: 'male', url: '/payment/bhrt' },
  { route: '/mip/form/:pathCode', site: 'male', url: '/mip/form/dailytada' },
  { route: '/mip/checkout/:pathCode', site: 'male', url: '/mip/checkout/dailytada' },
  {
    route: '/mip/cont/ced/:pathCode',
    site: 'male',
    url: withReturnLink(`/mip/cont/ced/a2-renewal?ktCustomerId=${MALE_CUSTOMER}`, MALE_CUSTOMER),
  },
  // Cold links to steps that need the patient's contact (and the checkout the intake): brought
  // to where the work is, told why (issue 37). Walks reach the screens themselves (the gallery).
  { route: '/mip/calendly/:pathCode', site: 'male', url: '/mip/calendly/shrt' },
  { route: '/mip/hrt/finish/:pathCode', site: 'male', url: '/mip/hrt/finish/microclinic' },
  { route: '/finish/:pathCode', site: 'male', url: '/finish/shrt' },
  // The legal documents agreed to at Pay, on each brand's own pages (issue 38).
  ...(['terms', 'privacy', 'telehealth-consent'] as const).flatMap((document): ScreenVisit[] => [
    { route: `/legal/${document}`, site: 'male', url: `/legal/${document}` },
    { route: `/f/legal/${document}`, site: 'female', url: `/f/legal/${document}` },
  ]),
  // Shared pages outside the funnels, on both brands.
  ...(['male', 'female'] as const).flatMap((site): ScreenVisit[] => {
    const code = site === 'male' ? 'shrt' : 'fha1';
    const customer = site === 'male' ? MALE_CUSTOMER : FEMALE_CUSTOMER;
    return [
      {
        route: '/mip/cont/chrt/:pathCode?',
        site,
        url: withReturnLink(`/mip/cont/chrt?ktCustomerId=${customer}`, customer),
      },
      { route: '/thank-you/:pathCode', site, url: `/thank-you/${code}` },
      {
        route: '/commerce-info-update',
        site,
        url: withReturnLink(`/commerce-info-update?ktCustomerId=${customer}`, customer),
      },
      { route: '/upload/:uploadComp?', site, url: withReturnLink(`/upload?ktCustomerId=${customer}`, customer) },
      // The dailytada2 wrapper layout.
      {
        route: '/upload/:uploadComp?',
        site,
        url: withReturnLink(`/upload/dailytada2?ktCustomerId=${customer}`, customer),
      },
      {
        route: '/memo/appointment',
        site,
        url: withReturnLink(
          `/memo/appointment?appointmentId=${site === 'male' ? 'apt_9XkP2v' : 'apt_demo_flow'}`,
          customer,
        ),
      },
      {
        route: '/comm-verify/:pathCode',
        site,
        url: withReturnLink(`/comm-verify/email?customerId=${customer}`, customer),
      },
      {
        route: '/comm-verify/:pathCode',
        site,
        url: withReturnLink(`/comm-verify/phone?customerId=${customer}`, customer),
      },
      { route: '/s/:pathCode', site, url: site === 'male' ? '/s/demo-results' : '/s/demo-femme' },
      // A short link that does not exist: the short-link page's error.
      { route: '/s/:pathCode', site, url: '/s/no-such-hash' },
      { route: '/post-clinic/:postClinicId', site, url: withReturnLink(`/post-clinic/${customer}`, customer) },
      { route: '/error/:code?/:pathCode?', site, url: `/error/404/${code}` },
      // An unknown campaign code goes to /error with the reason.
      { route: '/error/:code?/:pathCode?', site, url: '/hormone-assessment/nosuch' },
      {
        route: '/restart-hrt/:pathCode?',
        site,
        url: withReturnLink(`/restart-hrt?ktCustomerId=${customer}`, customer),
      },
      { route: '*', site, url: '/no/such/page' },
      // Links that are incomplete: the pages say so.
      { route: '/mip/cont/chrt/:pathCode?', site, url: '/mip/cont/chrt' },
      { route: '/upload/:uploadComp?', site, url: '/upload' },
      { route: '/memo/appointment', site, url: '/memo/appointment' },
    ];
  }),
  // Another brand's route: the fallback page.
  { route: 'fallback', site: 'female', url: '/hormone-assessment/mhrt' },
  { route: 'fallback', site: 'female', url: '/quiz' },
  { route: 'fallback', site: 'male', url: '/f/results/fha1' },
];
