import type { Site } from '../../engine/config-types.ts';
import { LEGAL_LINKS, marketingLinks, type FooterLink } from './legal-links.ts';

/** A partner shown by its logo, a small SVG under `public/partners/`. */
export interface PartnerLink extends FooterLink {
  logo: string;
  /** Intrinsic size of the logo, so the browser reserves its space before it loads. */
  width: number;
  height: number;
}

export type SocialNetwork = 'facebook' | 'x' | 'instagram' | 'linkedin';

export interface SocialLink extends FooterLink {
  network: SocialNetwork;
}

/** What one site's footer shows, besides the brand's phone and support hours. */
export interface FooterContent {
  partners: PartnerLink[];
  treatments: FooterLink[];
  legal: FooterLink[];
  /** The men's site only; the women's site has no Learn more block. */
  learnMore?: FooterLink[];
  social: SocialLink[];
  seal: { src: string; alt: string; width: number; height: number };
  disclaimers: string[];
  /** The men's site only: the brand is not affiliated with the makers of the medicines it names. */
  nonAffiliation?: string;
}

const partners: PartnerLink[] = [
  {
    label: 'Northstar Labs',
    href: 'https://northstarlabs.example',
    logo: '/partners/northstar-labs.svg',
    width: 130,
    height: 36,
  },
  {
    label: 'Meridian Pharmacy',
    href: 'https://meridianpharmacy.example',
    logo: '/partners/meridian-pharmacy.svg',
    width: 150,
    height: 36,
  },
  {
    label: 'Veritas ID',
    href: 'https://veritasid.example',
    logo: '/partners/veritas-id.svg',
    width: 106,
    height: 36,
  },
];

const seal = {
  src: '/seal/certified-telehealth.svg',
  alt: 'Certified telehealth provider: licensed clinicians in every state we serve',
  width: 72,
  height: 72,
};

/** Placeholder social handles; product staff replace them with the brand's real accounts. */
function social(handle: string): SocialLink[] {
  return [
    { network: 'facebook', label: 'Facebook', href: `https://www.facebook.com/${handle}` },
    { network: 'x', label: 'X', href: `https://x.com/${handle}` },
    { network: 'instagram', label: 'Instagram', href: `https://www.instagram.com/${handle}` },
    { network: 'linkedin', label: 'LinkedIn', href: `https://www.linkedin.com/company/${handle}` },
  ];
}

const adviceDisclaimer =
  'The information on this site is for general education and is not a substitute for professional medical advice, diagnosis or treatment. A prescription is issued only if a licensed provider finds treatment medically appropriate after your consultation.';
const emergencyDisclaimer =
  'Results vary from person to person. If you think you may have a medical emergency, call 911 or go to the nearest emergency room.';

/** The footer of each site: SPEC.md "Page layout", Footer. */
export const FOOTER_CONTENT: Record<Site, FooterContent> = {
  male: {
    partners,
    treatments: marketingLinks('male', [
      ['Testosterone Replacement', '/treatments/testosterone-replacement-therapy'],
      ['Thyroid Therapy', '/treatments/thyroid-therapy'],
      ['Testosterone Test Kit', '/treatments/testosterone-test-kit'],
      ['Testosterone Treatment Pricing', '/treatments/testosterone-pricing'],
      ['ED Medications', '/treatments/ed-medications'],
    ]),
    legal: LEGAL_LINKS.male,
    learnMore: marketingLinks('male', [
      ['Reviews', '/reviews'],
      ['Our Story', '/our-story'],
      ['Our Providers', '/our-providers'],
      ['Contact', '/contact'],
      ['Health Guide (Blog)', '/blog'],
    ]),
    social: social('peakmenshealth'),
    seal,
    disclaimers: [
      adviceDisclaimer,
      'Testosterone replacement therapy and ED medications are not right for everyone. Your provider reviews your health history, any lab tests your treatment needs and possible side effects with you before prescribing.',
      emergencyDisclaimer,
    ],
    nonAffiliation:
      "Peak Men's Health is an independent telehealth service. It is not affiliated with, sponsored by or endorsed by the manufacturers of any medication named on this site; brand names are trademarks of their respective owners.",
  },
  female: {
    partners,
    treatments: marketingLinks('female', [
      ['PCOS', '/treatments/pcos'],
      ['Premenopause', '/treatments/premenopause'],
      ['Perimenopause & Menopause', '/treatments/perimenopause-and-menopause'],
      ['Postmenopause', '/treatments/postmenopause'],
    ]),
    legal: LEGAL_LINKS.female,
    social: social('peakfemme'),
    seal,
    disclaimers: [
      adviceDisclaimer,
      'Hormone therapy is not right for everyone. Your provider reviews your symptoms, health history and the benefits and risks of treatment with you before prescribing.',
      emergencyDisclaimer,
    ],
  },
};
