import { configEncounterTypes } from '../engine/state-rules.ts';
import type { Question, QuestionPage } from '../contract/api-types.ts';
import { CONTACT_QUESTIONS, MARKETING_CONSENT_QUESTION } from '../domain/contact-questions.ts';
import { makeLandingId } from '../domain/landing-id.ts';
import { US_STATES } from '../domain/us-states.ts';
import clinicRules from '../../config/clinic-rules.json';
import type { ClinicRulesFile } from '../engine/config-types.ts';
import type { Db } from './database.ts';
import { placeSearchKey } from './handlers/places.ts';

/**
 * Demo content for a local server: what the funnel reads (products, question pages, content,
 * terms, state rules, locations, places, short links, a scheduling calendar) and a few demo customers
 * to look up. Every row is marked demo. Seeded once per SEED_VERSION: the version is recorded
 * in the meta table, and every insert is INSERT OR IGNORE, so a second run adds nothing. The
 * products, question pages and content a patient reads are upserted instead, on demo rows only:
 * a database seeded by an older version gets the new wording, and rows a clinic imported (demo
 * 0) are never touched.
 */

/** Raise when the demo content changes, to seed the new rows into existing databases. */
export const SEED_VERSION = 7;

/**
 * The assessment page whose questions the symptom-questions call asks again, by the brand's
 * site: the women's assessment asks its own symptoms (page 6), the men's page 2.
 */
export const SYMPTOM_PAGES = {
  male: { formId: 'MIP', pageId: '2' },
  female: { formId: 'MIP', pageId: '6' },
} as const;

/** A demo customer's landing id, made by the domain's own rule (SPEC §3), so every seeded id decodes. */
function landingIdOf(lastName: string, email: string, landedAt: string, formId: string): string {
  return makeLandingId({ lastName, email, landedAt, formId });
}

interface DemoProduct {
  externalId: string;
  category: 'hrt' | 'fhrt';
  type: 'product' | 'mpid';
  isDefault?: boolean;
  campaignId?: string;
  compOrder?: boolean;
  brand: string;
  name: string;
  description: string;
  message?: string;
  packageIncludes: string[];
  includesDetail: string[];
  price: string;
  salePrice: string;
  shipping: string;
  total: string;
  mpId?: string;
}

const MEN = "Peak Men's Health";
const WOMEN = 'Peak Femme';

/** SPEC §7 products, the follow-on kit and one default product per category (SPEC §5, §9). */
const PRODUCTS: readonly DemoProduct[] = [
  {
    externalId: '1682',
    category: 'hrt',
    type: 'mpid',
    campaignId: '116',
    brand: MEN,
    name: 'Testosterone replacement, monthly',
    description:
      'Monthly testosterone replacement therapy with clinician follow-up; your complimentary lab kit checks your levels.',
    message: 'Ships in discreet packaging.',
    packageIncludes: ['Medication', 'Supplies', 'Clinician consultation', 'At-home lab kit'],
    includesDetail: [
      'One month of medication',
      'Needles and alcohol swabs',
      'Unlimited messaging with your clinician',
      'A complimentary lab kit to check your testosterone levels',
    ],
    price: '$149.00',
    salePrice: '$99.00',
    shipping: '$0.00',
    total: '$99.00',
    mpId: '1682',
  },
  {
    externalId: '1673',
    category: 'hrt',
    type: 'product',
    campaignId: '116',
    compOrder: true,
    brand: MEN,
    name: 'At-home testosterone lab kit',
    description: 'A finger-prick blood test to check your testosterone levels after you start treatment.',
    message: 'Complimentary with your first month of treatment.',
    packageIncludes: ['Lab kit', 'Prepaid return envelope'],
    includesDetail: ['Total and free testosterone', 'Results reviewed by your clinician'],
    price: '$49.00',
    salePrice: '',
    shipping: '$0.00',
    total: '$49.00',
  },
  {
    externalId: '1664',
    category: 'fhrt',
    type: 'mpid',
    brand: WOMEN,
    name: 'Hormone therapy for women, monthly',
    description: 'Estradiol therapy for perimenopause and menopause symptoms, prescribed and monitored by a clinician.',
    message: 'Ships in discreet packaging.',
    packageIncludes: ['Medication', 'Clinician consultation'],
    includesDetail: ['One month of estradiol', 'Unlimited messaging with your clinician'],
    price: '$129.00',
    salePrice: '$89.00',
    shipping: '$0.00',
    total: '$89.00',
    mpId: '1664',
  },
  {
    externalId: '1684',
    category: 'fhrt',
    type: 'mpid',
    brand: WOMEN,
    name: 'Hormone therapy for women with progesterone, monthly',
    description: 'Estradiol with micronized progesterone, prescribed and monitored by a clinician.',
    message: 'Ships in discreet packaging.',
    packageIncludes: ['Medication', 'Clinician consultation'],
    includesDetail: ['One month of estradiol', 'One month of progesterone', 'Unlimited messaging with your clinician'],
    price: '$159.00',
    salePrice: '$119.00',
    shipping: '$0.00',
    total: '$119.00',
    mpId: '1684',
  },
  {
    externalId: '1690',
    category: 'hrt',
    type: 'product',
    brand: MEN,
    name: 'Daily tadalafil for erectile dysfunction (ED), 5 mg',
    description:
      'Generic Cialis, taken once a day, so you are ready whenever the moment comes. A licensed clinician reviews your answers and prescribes it if it is safe for you.',
    message: 'Ships in discreet packaging once your clinician approves your prescription.',
    packageIncludes: ['ED medication', 'Clinician review'],
    includesDetail: ['30 tablets of tadalafil 5 mg', 'Unlimited messaging with your clinician'],
    price: '$99.00',
    salePrice: '',
    shipping: '$0.00',
    total: '$99.00',
  },
  {
    externalId: '1691',
    category: 'hrt',
    type: 'product',
    brand: MEN,
    name: 'Sildenafil as needed for erectile dysfunction (ED), 50 mg',
    description:
      'Generic Viagra, taken about an hour before sex. A licensed clinician reviews your answers and prescribes it if it is safe for you.',
    message: 'Ships in discreet packaging once your clinician approves your prescription.',
    packageIncludes: ['ED medication', 'Clinician review'],
    includesDetail: ['10 tablets of sildenafil 50 mg', 'Unlimited messaging with your clinician'],
    price: '$99.00',
    salePrice: '',
    shipping: '$0.00',
    total: '$99.00',
  },
  {
    externalId: '0',
    category: 'hrt',
    type: 'product',
    isDefault: true,
    brand: MEN,
    name: 'Hormone assessment and clinician consultation',
    description:
      'A licensed clinician reviews your assessment and health history with you and recommends a treatment plan.',
    packageIncludes: ['Clinician consultation', 'Treatment plan'],
    includesDetail: ['Video or phone consultation', 'Prescription if appropriate'],
    price: '$99',
    salePrice: '',
    shipping: '$0.00',
    total: '$99',
  },
  {
    externalId: '0',
    category: 'fhrt',
    type: 'product',
    isDefault: true,
    brand: WOMEN,
    name: "Women's hormone assessment and clinician consultation",
    description: 'A licensed clinician reviews your symptoms and history and recommends a treatment plan.',
    packageIncludes: ['Clinician consultation', 'Treatment plan'],
    includesDetail: ['Video or phone consultation', 'Prescription if appropriate'],
    price: '$99',
    salePrice: '',
    shipping: '$0.00',
    total: '$99',
  },
];

/** A demo question always has a ref: the answers a lead is saved with are by ref (SPEC §3). */
type DemoQuestion = Question & { ref: string };

interface DemoPage extends Omit<QuestionPage, 'questions'> {
  questions: DemoQuestion[];
}

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** How the patient's energy is, asked with the symptoms of either brand's assessment. */
const ENERGY: DemoQuestion = {
  id: 'q-energy',
  ref: 'energy-level',
  type: 'single-choice',
  label: 'How would you describe your energy level?',
  required: true,
  options: [
    { value: 'Low', label: 'Low' },
    { value: 'Normal', label: 'Normal' },
    { value: 'High', label: 'High' },
  ],
};

/** How long the symptoms have lasted, asked with the symptoms of either brand's assessment. */
const DURATION: DemoQuestion = {
  id: 'q-duration',
  ref: 'symptom-duration',
  type: 'single-choice',
  label: 'How long have you had these symptoms?',
  required: true,
  options: [
    { value: 'under-6-months', label: 'Less than 6 months' },
    { value: '6-12-months', label: '6 to 12 months' },
    { value: 'over-1-year', label: 'More than a year' },
  ],
};

/**
 * The patient's height, asked on the intake's health page (the HRT medical history, or the ED
 * health page in its place) with the body's other facts, not on the shipping page.
 */
const HEIGHT: DemoQuestion = {
  id: 'q-height',
  ref: 'height',
  type: 'number',
  label: 'What is your height in inches? (5 ft 10 in is 70 inches)',
  required: true,
  validation: { minimum: 48, maximum: 96, message: 'Enter your height in inches, from 48 to 96.' },
};

/** The ED safety questions, asked on a first visit's ED page and again on the renewal's. */
const NITRATES_QUESTION: DemoQuestion = {
  id: 'q-nitrates',
  ref: 'nitrates',
  type: 'yes-no',
  label:
    'Do you take a nitrate medicine, such as nitroglycerin for chest pain or isosorbide, or use "poppers" (amyl nitrite)?',
  required: true,
  options: YES_NO,
};

const HEART_CONDITIONS_QUESTION: DemoQuestion = {
  id: 'q-heart-conditions',
  ref: 'heart-conditions',
  type: 'multiple-choice',
  label: 'Do you have any of these heart or blood pressure conditions?',
  required: true,
  options: [
    { value: 'recent-heart-attack-stroke', label: 'A heart attack or stroke in the last 6 months' },
    { value: 'chest-pain', label: 'Chest pain during sex or exercise' },
    { value: 'heart-failure', label: 'Heart failure' },
    { value: 'irregular-heartbeat', label: 'An irregular heartbeat' },
    { value: 'low-blood-pressure', label: 'Low blood pressure (below 90/50)' },
    { value: 'high-blood-pressure', label: 'High blood pressure that is not under control' },
    { value: 'none', label: 'None of these' },
  ],
};

const ALPHA_BLOCKERS_QUESTION: DemoQuestion = {
  id: 'q-alpha-blockers',
  ref: 'alpha-blockers',
  type: 'yes-no',
  label: 'Do you take an alpha-blocker for blood pressure or the prostate, such as doxazosin, terazosin or tamsulosin?',
  required: true,
  options: YES_NO,
};

/** Medication allergies: on the medical history, and on each ED page in its place. */
const ALLERGIES_QUESTION: DemoQuestion = {
  id: 'q-allergies',
  ref: 'allergies',
  type: 'text',
  label: 'Do you have any allergies to medications? List them, or write "none".',
  required: true,
  validation: { maxLength: 1000 },
};

/**
 * Marketing contact (TCPA): the one wording of src/domain/contact-questions.ts. The assessment's
 * last page asks it; the intake's consent page asks it of a patient who did not take the
 * assessment first (the ED and pay-first funnels; src/features/intake/intake-pages.ts); the
 * payment form asks it when it makes the lead of a funnel with no later form (the call centre).
 */
const MARKETING_CONSENT: DemoQuestion = MARKETING_CONSENT_QUESTION;

/**
 * The hormone assessment (MIP: pages 1-4 for men; the women's assessment asks its own symptoms,
 * page 6, instead of 2 and its own health page 5 instead of 3), the intake form (MIP-H2: pages 1-3; the ED funnels ask their health
 * page 4 instead of 1) and the continuing-care form (CONT, pages 1-2).
 */
export const QUESTION_PAGES: readonly DemoPage[] = [
  {
    id: '1',
    formId: 'MIP',
    title: 'About you',
    questions: [
      {
        id: 'q-birthdate',
        ref: 'birthdate',
        type: 'date',
        label: 'What is your date of birth?',
        required: true,
        validation: { message: 'Enter your date of birth as MM/DD/YYYY.' },
      },
      { id: 'q-state', ref: 'state', type: 'us-state', label: 'Which state do you live in?', required: true },
      {
        id: 'q-weight',
        ref: 'weight',
        type: 'number',
        label: 'What is your weight in pounds?',
        required: true,
        validation: { minimum: 70, maximum: 700, message: 'Enter a weight between 70 and 700 pounds.' },
      },
    ],
  },
  {
    id: '2',
    formId: 'MIP',
    title: 'Your symptoms',
    questions: [
      ENERGY,
      {
        id: 'q-symptoms',
        ref: 'symptoms',
        type: 'multiple-choice',
        label: 'Which of these have you noticed in the last few months?',
        required: true,
        options: [
          { value: 'fatigue', label: 'Tiredness or fatigue' },
          { value: 'low-libido', label: 'Low sex drive' },
          { value: 'weight-gain', label: 'Weight gain' },
          { value: 'mood-changes', label: 'Mood changes or irritability' },
          { value: 'poor-sleep', label: 'Poor sleep' },
          { value: 'brain-fog', label: 'Brain fog or poor focus' },
          { value: 'hot-flashes', label: 'Hot flashes or night sweats' },
          { value: 'muscle-loss', label: 'Loss of muscle or strength' },
          { value: 'none', label: 'None of these' },
        ],
        validation: { minItems: 1, message: 'Choose at least one.' },
      },
      DURATION,
    ],
  },
  {
    id: '3',
    formId: 'MIP',
    title: 'Your health',
    questions: [
      {
        id: 'q-cancer',
        ref: 'hormone-cancer',
        type: 'yes-no',
        label: 'Have you ever been diagnosed with a hormone-sensitive cancer, such as prostate or breast cancer?',
        required: true,
        options: YES_NO,
      },
      {
        id: 'q-blood-clot',
        ref: 'blood-clot',
        type: 'yes-no',
        label: 'Have you ever had a blood clot, a stroke or a heart attack?',
        required: true,
        options: YES_NO,
      },
      {
        id: 'q-medications',
        ref: 'medications',
        type: 'text',
        label: 'List any medications or supplements you take (optional).',
        required: false,
        validation: { maxLength: 2000 },
      },
    ],
  },
  {
    id: '4',
    formId: 'MIP',
    title: 'Where should we send your results?',
    questions: [...CONTACT_QUESTIONS, MARKETING_CONSENT],
  },
  {
    id: '5',
    formId: 'MIP',
    title: 'Your health',
    questions: [
      {
        id: 'q-cancer-women',
        ref: 'hormone-cancer',
        type: 'yes-no',
        label:
          'Have you ever been diagnosed with a hormone-sensitive cancer, such as breast, ovarian or uterine cancer?',
        required: true,
        options: YES_NO,
      },
      {
        id: 'q-blood-clot',
        ref: 'blood-clot',
        type: 'yes-no',
        label: 'Have you ever had a blood clot, a stroke or a heart attack?',
        required: true,
        options: YES_NO,
      },
      {
        id: 'q-pregnancy',
        ref: 'pregnancy',
        type: 'yes-no',
        label: 'Are you pregnant or breastfeeding, or planning a pregnancy?',
        required: true,
        options: YES_NO,
      },
      {
        id: 'q-medications',
        ref: 'medications',
        type: 'text',
        label: 'List any medications or supplements you take (optional).',
        required: false,
        validation: { maxLength: 2000 },
      },
    ],
  },
  {
    id: '6',
    formId: 'MIP',
    title: 'Your symptoms',
    questions: [
      ENERGY,
      {
        id: 'q-symptoms-women',
        ref: 'symptoms',
        type: 'multiple-choice',
        label: 'Which of these have you noticed in the last few months?',
        required: true,
        options: [
          { value: 'hot-flashes', label: 'Hot flashes' },
          { value: 'night-sweats', label: 'Night sweats' },
          { value: 'irregular-periods', label: 'Irregular or missed periods' },
          { value: 'poor-sleep', label: 'Poor sleep' },
          { value: 'mood-changes', label: 'Mood swings, anxiety or irritability' },
          { value: 'brain-fog', label: 'Brain fog or forgetfulness' },
          { value: 'low-libido', label: 'Low sex drive' },
          { value: 'vaginal-dryness', label: 'Vaginal dryness or discomfort during sex' },
          { value: 'fatigue', label: 'Tiredness or fatigue' },
          { value: 'weight-gain', label: 'Weight gain around the middle' },
          { value: 'joint-pain', label: 'Aching joints' },
          { value: 'none', label: 'None of these' },
        ],
        validation: { minItems: 1, message: 'Choose at least one.' },
      },
      DURATION,
    ],
  },
  {
    id: '1',
    formId: 'MIP-H2',
    title: 'Your medical history',
    questions: [
      {
        id: 'q-conditions',
        ref: 'conditions',
        type: 'multiple-choice',
        label: 'Do you have any of these conditions?',
        required: true,
        options: [
          { value: 'high-blood-pressure', label: 'High blood pressure' },
          { value: 'diabetes', label: 'Diabetes' },
          { value: 'sleep-apnea', label: 'Sleep apnea' },
          { value: 'thyroid', label: 'A thyroid condition' },
          { value: 'liver-kidney', label: 'Liver or kidney disease' },
          { value: 'none', label: 'None of these' },
        ],
      },
      ALLERGIES_QUESTION,
      {
        id: 'q-recent-surgery',
        ref: 'recent-surgery',
        type: 'yes-no',
        label: 'Have you had surgery in the last 6 months?',
        required: true,
        options: YES_NO,
      },
      HEIGHT,
    ],
  },
  {
    id: '2',
    formId: 'MIP-H2',
    title: 'Shipping',
    questions: [
      {
        id: 'q-shipping-address',
        ref: 'shipping-address',
        type: 'address',
        label: 'Where should we ship your medication?',
        required: true,
      },
    ],
  },
  {
    id: '3',
    formId: 'MIP-H2',
    title: 'Consent',
    questions: [
      {
        id: 'q-telehealth-consent',
        ref: 'telehealth-consent',
        type: 'consent',
        label: 'I consent to receive care through telehealth.',
        required: true,
      },
      {
        id: 'q-terms-consent',
        ref: 'terms-consent',
        type: 'consent',
        label: 'I have read and agree to the Terms & Conditions and the Privacy Policy.',
        required: true,
      },
      MARKETING_CONSENT,
    ],
  },
  {
    id: '4',
    formId: 'MIP-H2',
    title: 'Your health and ED',
    questions: [
      NITRATES_QUESTION,
      HEART_CONDITIONS_QUESTION,
      ALPHA_BLOCKERS_QUESTION,
      {
        id: 'q-ed-duration',
        ref: 'ed-duration',
        type: 'single-choice',
        label: 'How long have you had trouble getting or keeping an erection?',
        required: true,
        options: [
          { value: 'under-3-months', label: 'Less than 3 months' },
          { value: '3-12-months', label: '3 to 12 months' },
          { value: 'over-1-year', label: 'More than a year' },
        ],
      },
      {
        id: 'q-ed-medicine-before',
        ref: 'ed-medicine-before',
        type: 'single-choice',
        label: 'Have you taken ED medicine before?',
        required: true,
        options: [
          { value: 'tadalafil', label: 'Yes, tadalafil (Cialis)' },
          { value: 'sildenafil', label: 'Yes, sildenafil (Viagra)' },
          { value: 'other', label: 'Yes, another one' },
          { value: 'never', label: 'No, never' },
        ],
      },
      ALLERGIES_QUESTION,
      HEIGHT,
    ],
  },
  {
    // The ED renewal's health page (a2-renewal, config/code-groups.json `ed-renewal`): for a
    // patient who takes ED medicine from us already. It asks which one (there is no "never"),
    // what changed since the last visit, and the safety questions of page 4 again (same refs),
    // since a nitrate or a new heart condition rules a renewal out as it does a first visit.
    id: '5',
    formId: 'MIP-H2',
    title: 'Your ED treatment and health',
    questions: [
      {
        id: 'q-ed-medicine-current',
        ref: 'ed-medicine-current',
        type: 'single-choice',
        label: 'Which ED medicine do you take now?',
        required: true,
        options: [
          { value: 'tadalafil', label: 'Tadalafil (Cialis)' },
          { value: 'sildenafil', label: 'Sildenafil (Viagra)' },
          { value: 'other', label: 'Another ED medicine' },
        ],
      },
      {
        id: 'q-health-changes',
        ref: 'health-changes',
        type: 'yes-no',
        label: 'Since your last visit, have you had a new diagnosis, surgery or a new medicine?',
        required: true,
        options: YES_NO,
      },
      {
        id: 'q-health-changes-detail',
        ref: 'health-changes-detail',
        type: 'text',
        label: 'If so, what changed? (optional)',
        required: false,
        validation: { maxLength: 2000 },
      },
      NITRATES_QUESTION,
      HEART_CONDITIONS_QUESTION,
      ALPHA_BLOCKERS_QUESTION,
      ALLERGIES_QUESTION,
      HEIGHT,
    ],
  },
  {
    id: '1',
    formId: 'CONT',
    title: 'How is your treatment going?',
    questions: [
      {
        id: 'q-effectiveness',
        ref: 'medicationEffectiveness',
        type: 'single-choice',
        label: 'How well is your medication working for you?',
        required: true,
        options: [
          { value: 'very-well', label: 'Very well' },
          { value: 'somewhat', label: 'Somewhat' },
          { value: 'not-well', label: 'Not well' },
        ],
      },
      {
        id: 'q-side-effects',
        ref: 'side-effects',
        type: 'multiple-choice',
        label: 'Have you noticed any of these since you started?',
        required: true,
        options: [
          { value: 'headache', label: 'Headaches' },
          { value: 'skin-changes', label: 'Acne or skin changes' },
          { value: 'mood-changes', label: 'Mood changes' },
          { value: 'swelling', label: 'Swelling in hands or feet' },
          { value: 'none', label: 'None of these' },
        ],
      },
      {
        id: 'q-cont-notes',
        ref: 'treatment-notes',
        type: 'text',
        label: 'Anything else your provider should know? (optional)',
        required: false,
        validation: { maxLength: 2000 },
      },
    ],
  },
  {
    id: '2',
    formId: 'CONT',
    title: 'Your next shipment',
    questions: [
      {
        id: 'q-cont-address-same',
        ref: 'same-shipping-address',
        type: 'yes-no',
        label: 'Should we ship to the same address as last time?',
        required: true,
        options: YES_NO,
      },
      {
        id: 'q-cont-consent',
        ref: 'refill-consent',
        type: 'consent',
        label: 'I agree to continue treatment and to be charged for my next supply.',
        required: true,
      },
    ],
  },
];

/**
 * Rich text of the error page (SPEC §2), by content key, and for the women's site by
 * `{key}@female` (src/server/handlers/content.ts): each brand's own treatments, on its own
 * marketing site. The page itself shows the brand's phone and the way back to its start, so
 * the text only helps the patient on: where their answers are, and what to read meanwhile.
 */
const CONTENT: Readonly<Record<string, string>> = {
  'error404-HRT': [
    'If you have started an assessment, your answers are saved: open the link from your email or text message again to pick up where you left off.',
    '',
    'Meanwhile, read about [testosterone replacement therapy](https://peakmens.example/treatments/testosterone-replacement-therapy).',
  ].join('\n'),
  'error404-ED':
    'Looking for treatment for erectile dysfunction? Read about [ED medications](https://peakmens.example/treatments/ed-medications) and how our clinicians prescribe them online.',
  'error404-HRT@female': [
    'If you have started an assessment, your answers are saved: open the link from your email or text message again to pick up where you left off.',
    '',
    'Meanwhile, read about [treatment for perimenopause and menopause](https://peakfemme.example/treatments/perimenopause-and-menopause).',
  ].join('\n'),
  'error404-ED@female':
    'Looking for hormone therapy? Read about [treatment for perimenopause and menopause](https://peakfemme.example/treatments/perimenopause-and-menopause) and how our clinicians prescribe it online.',
};

/** Pages shown when an answer ends the funnel. */
const DEAD_ENDS: Readonly<Record<string, string>> = {
  'under-18':
    '## Treatment is available from age 18\n\nOur clinicians can only treat adults. Please talk to your family doctor.',
  'hormone-cancer':
    '## Please see a specialist\n\nA history of hormone-sensitive cancer needs an in-person assessment. Please talk to your oncologist or family doctor.',
  'blood-clot':
    '## Please see your doctor\n\nA history of blood clots, stroke or heart attack needs an in-person assessment before hormone therapy.',
};

const TERMS = [
  {
    version: '1',
    effectiveDate: '2023-01-01',
    markdown:
      '# Terms of service\n\n_Version 1, effective January 1, 2023. Demo text._\n\n## Our services\n\nWe connect you with licensed clinicians through telehealth.\n\n## Payments\n\nYou are charged when you place an order.',
  },
  {
    version: '2',
    effectiveDate: '2024-01-01',
    markdown:
      '# Terms of service\n\n_Version 2, effective January 1, 2024. Demo text._\n\n## Our services\n\nWe connect you with licensed clinicians through telehealth. A clinician decides whether a treatment is right for you.\n\n## Payments\n\nYou are charged when you place an order. Memberships renew monthly until you cancel.\n\n## Privacy\n\nSee our [Privacy Policy](https://www.peakmens.example/privacy-policy).',
  },
];

/** The kinds of visit a state allows: the clinic's rules in config (config/clinic-rules.json). */
function encounterTypesOf(state: string): string[] {
  return [...configEncounterTypes(clinicRules as unknown as ClinicRulesFile, state)];
}

const MICROCLINICS = [
  {
    id: 'mc_austin_1',
    name: 'Austin Downtown Microclinic',
    line1: '200 Congress Ave',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    lat: 30.2649,
    lng: -97.7445,
  },
  {
    id: 'mc_dallas_1',
    name: 'Dallas Uptown Microclinic',
    line1: '2500 McKinney Ave',
    city: 'Dallas',
    state: 'TX',
    zip: '75201',
    lat: 32.7977,
    lng: -96.8003,
  },
  {
    id: 'mc_houston_1',
    name: 'Houston Galleria Microclinic',
    line1: '5085 Westheimer Rd',
    city: 'Houston',
    state: 'TX',
    zip: '77056',
    lat: 29.7392,
    lng: -95.4636,
  },
  {
    id: 'mc_miami_1',
    name: 'Miami Brickell Microclinic',
    line1: '801 Brickell Ave',
    city: 'Miami',
    state: 'FL',
    zip: '33131',
    lat: 25.7663,
    lng: -80.1917,
  },
  {
    id: 'mc_atlanta_1',
    name: 'Atlanta Midtown Microclinic',
    line1: '1100 Peachtree St NE',
    city: 'Atlanta',
    state: 'GA',
    zip: '30309',
    lat: 33.7844,
    lng: -84.3836,
  },
  {
    id: 'mc_phoenix_1',
    name: 'Phoenix Camelback Microclinic',
    line1: '2502 E Camelback Rd',
    city: 'Phoenix',
    state: 'AZ',
    zip: '85016',
    lat: 33.5097,
    lng: -112.0277,
  },
  {
    id: 'mc_denver_1',
    name: 'Denver Cherry Creek Microclinic',
    line1: '3000 E 1st Ave',
    city: 'Denver',
    state: 'CO',
    zip: '80206',
    lat: 39.7187,
    lng: -104.9535,
  },
  {
    id: 'mc_chicago_1',
    name: 'Chicago River North Microclinic',
    line1: '600 N Michigan Ave',
    city: 'Chicago',
    state: 'IL',
    zip: '60611',
    lat: 41.8932,
    lng: -87.6243,
  },
];

/**
 * The local places service's demo addresses: public buildings and the demo microclinics in
 * the cities the funnel serves, so address suggestions work offline. Not anyone's home.
 */
const PLACE_ADDRESSES = [
  ['pl_austin_congress', '200 Congress Ave', 'Austin', 'TX', '78701', 30.2649, -97.7445],
  ['pl_austin_capitol', '1100 Congress Ave', 'Austin', 'TX', '78701', 30.2747, -97.7404],
  ['pl_austin_city_hall', '301 W 2nd St', 'Austin', 'TX', '78701', 30.2651, -97.7467],
  ['pl_dallas_city_hall', '1500 Marilla St', 'Dallas', 'TX', '75201', 32.7763, -96.7969],
  ['pl_dallas_mckinney', '2500 McKinney Ave', 'Dallas', 'TX', '75201', 32.7977, -96.8003],
  ['pl_houston_city_hall', '901 Bagby St', 'Houston', 'TX', '77002', 29.7604, -95.3698],
  ['pl_houston_westheimer', '5085 Westheimer Rd', 'Houston', 'TX', '77056', 29.7392, -95.4636],
  ['pl_houston_mckinney', '1501 McKinney St', 'Houston', 'TX', '77010', 29.7527, -95.3565],
  ['pl_san_antonio_military', '100 Military Plz', 'San Antonio', 'TX', '78205', 29.4241, -98.4936],
  ['pl_san_antonio_alamo', '300 Alamo Plz', 'San Antonio', 'TX', '78205', 29.426, -98.4861],
  ['pl_fort_worth_texas', '200 Texas St', 'Fort Worth', 'TX', '76102', 32.7532, -97.3327],
  ['pl_miami_pan_american', '3500 Pan American Dr', 'Miami', 'FL', '33133', 25.727, -80.2331],
  ['pl_miami_brickell', '801 Brickell Ave', 'Miami', 'FL', '33131', 25.7663, -80.1917],
  ['pl_fort_lauderdale_andrews', '100 N Andrews Ave', 'Fort Lauderdale', 'FL', '33301', 26.1233, -80.1434],
  ['pl_orlando_orange', '400 S Orange Ave', 'Orlando', 'FL', '32801', 28.5383, -81.3792],
  ['pl_atlanta_trinity', '55 Trinity Ave SW', 'Atlanta', 'GA', '30303', 33.7486, -84.3916],
  ['pl_atlanta_peachtree', '1100 Peachtree St NE', 'Atlanta', 'GA', '30309', 33.7844, -84.3836],
  ['pl_phoenix_washington', '200 W Washington St', 'Phoenix', 'AZ', '85003', 33.4489, -112.0773],
  ['pl_phoenix_camelback', '2502 E Camelback Rd', 'Phoenix', 'AZ', '85016', 33.5097, -112.0277],
  ['pl_mesa_main', '20 E Main St', 'Mesa', 'AZ', '85201', 33.415, -111.8314],
  ['pl_denver_bannock', '1437 Bannock St', 'Denver', 'CO', '80202', 39.7392, -104.9903],
  ['pl_denver_first', '3000 E 1st Ave', 'Denver', 'CO', '80206', 39.7187, -104.9535],
  ['pl_chicago_lasalle', '121 N LaSalle St', 'Chicago', 'IL', '60602', 41.8837, -87.6324],
  ['pl_chicago_michigan', '600 N Michigan Ave', 'Chicago', 'IL', '60611', 41.8932, -87.6243],
  ['pl_chicago_wacker', '233 S Wacker Dr', 'Chicago', 'IL', '60606', 41.8789, -87.6359],
  ['pl_los_angeles_spring', '200 N Spring St', 'Los Angeles', 'CA', '90012', 34.0537, -118.2428],
  ['pl_los_angeles_grand', '111 S Grand Ave', 'Los Angeles', 'CA', '90012', 34.0553, -118.2498],
  ['pl_san_diego_c', '202 C St', 'San Diego', 'CA', '92101', 32.717, -117.1627],
  ['pl_san_francisco_goodlett', '1 Dr Carlton B Goodlett Pl', 'San Francisco', 'CA', '94102', 37.7793, -122.4193],
  ['pl_new_york_centre', '1 Centre St', 'New York', 'NY', '10007', 40.713, -74.0041],
  ['pl_new_york_fifth', '350 5th Ave', 'New York', 'NY', '10118', 40.7484, -73.9857],
  ['pl_seattle_fourth', '600 4th Ave', 'Seattle', 'WA', '98104', 47.6036, -122.3294],
  ['pl_portland_fourth', '1221 SW 4th Ave', 'Portland', 'OR', '97204', 45.5152, -122.6784],
  ['pl_boston_city_hall', '1 City Hall Sq', 'Boston', 'MA', '02201', 42.3603, -71.058],
  ['pl_philadelphia_jfk', '1400 John F Kennedy Blvd', 'Philadelphia', 'PA', '19107', 39.9526, -75.1635],
  ['pl_washington_pennsylvania', '1350 Pennsylvania Ave NW', 'Washington', 'DC', '20004', 38.8951, -77.0317],
  ['pl_minneapolis_fifth', '350 S 5th St', 'Minneapolis', 'MN', '55415', 44.9773, -93.2655],
  ['pl_detroit_woodward', '2 Woodward Ave', 'Detroit', 'MI', '48226', 42.3297, -83.0436],
  ['pl_nashville_public', '1 Public Sq', 'Nashville', 'TN', '37201', 36.1676, -86.7781],
  ['pl_las_vegas_main', '495 S Main St', 'Las Vegas', 'NV', '89101', 36.1672, -115.1485],
  ['pl_charlotte_fourth', '600 E 4th St', 'Charlotte', 'NC', '28202', 35.221, -80.8385],
] as const;

/**
 * Where the microclinic lookup looks for a typed city or ZIP code: the centres of the cities
 * with microclinics and their neighbours (the choices of src/features/booking/microclinic-areas.ts),
 * and the ZIP codes of the demo microclinics.
 */
const PLACE_AREAS = [
  ['city', 'Atlanta', 'GA', '30303', 33.749, -84.388],
  ['city', 'Austin', 'TX', '78701', 30.2672, -97.7431],
  ['city', 'Chicago', 'IL', '60601', 41.8857, -87.6181],
  ['city', 'Dallas', 'TX', '75201', 32.7876, -96.7994],
  ['city', 'Denver', 'CO', '80202', 39.7525, -104.9995],
  ['city', 'Fort Lauderdale', 'FL', '33301', 26.1224, -80.1373],
  ['city', 'Fort Worth', 'TX', '76102', 32.7555, -97.3308],
  ['city', 'Houston', 'TX', '77002', 29.7604, -95.3698],
  ['city', 'Los Angeles', 'CA', '90012', 34.0537, -118.2428],
  ['city', 'Mesa', 'AZ', '85201', 33.4152, -111.8315],
  ['city', 'Miami', 'FL', '33131', 25.7617, -80.1918],
  ['city', 'New York', 'NY', '10001', 40.7506, -73.9972],
  ['city', 'Phoenix', 'AZ', '85004', 33.4484, -112.074],
  ['city', 'San Antonio', 'TX', '78205', 29.4241, -98.4936],
  ['zip', 'Houston', 'TX', '77056', 29.7392, -95.4636],
  ['zip', 'Atlanta', 'GA', '30309', 33.7844, -84.3836],
  ['zip', 'Phoenix', 'AZ', '85016', 33.5097, -112.0277],
  ['zip', 'Denver', 'CO', '80206', 39.7187, -104.9535],
  ['zip', 'Chicago', 'IL', '60611', 41.8932, -87.6243],
] as const;

/**
 * Short links. The last five are hostile on purpose: the app must refuse them, and the
 * end-to-end tests prove it does.
 */
const SHORT_LINKS: Readonly<Record<string, string>> = {
  'demo-results': '/results/shrt?utm_source=sms',
  'demo-femme': '/f/hormone-assessment/fha1',
  'demo-mhrt': '/hormone-assessment/mhrt?utm_source=email',
  'demo-survey': '/member-satisfaction?survey=1',
  'demo-video': 'https://video.peakhealth.example/room/demo',
  'demo-evil': 'javascript:alert(1)',
  'demo-offsite': 'https://evil.example/phish',
  'demo-protocol-relative': '//evil.example',
  'demo-backslash': '/\\evil.example',
  'demo-credentials': 'https://user@evil.example/',
};

const EVENT_TYPES = [
  { id: 'hrt-consult', name: 'HRT consultation', duration: 30 },
  { id: 'fhrt-consult', name: "Women's hormone consultation", duration: 30 },
  { id: 'ed-consult', name: 'ED consultation', duration: 15 },
];
const SCHEDULING_TIMEZONE = 'America/New_York';
/** Weekday slots, as minutes after midnight in the scheduling time zone. */
const SLOT_MINUTES = [9 * 60, 9 * 60 + 30, 10 * 60 + 30, 11 * 60, 13 * 60, 14 * 60, 15 * 60 + 30, 16 * 60 + 30];
const WEEKDAYS = [1, 2, 3, 4, 5];

interface DemoCustomer {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  gender: 'male' | 'female';
  state: string;
  portalRef: string;
  hasId: boolean;
  allergies: string[];
  landedAt: string;
  productId: string;
}

export const DEMO_CUSTOMERS: readonly DemoCustomer[] = [
  {
    id: '100234',
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane.doe@example.com',
    phone: '2025550143',
    gender: 'female',
    state: 'TX',
    portalRef: 'pl_6TnW3c',
    hasId: true,
    allergies: ['Penicillin'],
    landedAt: '2024-05-01T14:55:00.000Z',
    productId: '1664',
  },
  {
    id: '100235',
    firstName: 'John',
    lastName: 'Smith',
    email: 'john.smith@example.com',
    phone: '3105550188',
    gender: 'male',
    state: 'CA',
    portalRef: 'pl_8RmV2q',
    hasId: false,
    allergies: [],
    landedAt: '2024-06-10T16:20:00.000Z',
    productId: '1682',
  },
  {
    id: '100236',
    firstName: 'Maria',
    lastName: 'Garcia',
    email: 'maria.garcia@example.com',
    phone: '3055550121',
    gender: 'female',
    state: 'FL',
    portalRef: 'pl_3HxK9d',
    hasId: true,
    allergies: ['Sulfa drugs', 'Latex'],
    landedAt: '2024-07-22T12:05:00.000Z',
    productId: '1684',
  },
];

/** The next weekday (Monday to Friday) after a date, at a UTC hour. */
function nextWeekdayAt(from: Date, hourUtc: number): Date {
  const day = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + 1, hourUtc));
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day;
}

function seedContent(db: Db): void {
  const product = db.prepare(
    `INSERT OR IGNORE INTO products (external_id, category, type, is_default, campaign_id, comp_order, brand, name, description,
       message, package_includes_json, includes_detail_json, price, quantity, sale_price, shipping, total, mp_id, demo)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, 1)
     ON CONFLICT (external_id, category) DO UPDATE SET
       type = excluded.type, campaign_id = excluded.campaign_id, comp_order = excluded.comp_order,
       brand = excluded.brand, name = excluded.name, description = excluded.description, message = excluded.message,
       package_includes_json = excluded.package_includes_json, includes_detail_json = excluded.includes_detail_json,
       price = excluded.price, sale_price = excluded.sale_price, shipping = excluded.shipping, total = excluded.total,
       mp_id = excluded.mp_id
     WHERE demo = 1`,
  );
  for (const item of PRODUCTS) {
    product.run(
      item.externalId,
      item.category,
      item.type,
      item.isDefault === true ? 1 : 0,
      item.campaignId ?? null,
      item.compOrder === undefined ? null : item.compOrder ? 1 : 0,
      item.brand,
      item.name,
      item.description,
      item.message ?? null,
      JSON.stringify(item.packageIncludes),
      JSON.stringify(item.includesDetail),
      item.price,
      item.salePrice,
      item.shipping,
      item.total,
      item.mpId ?? null,
    );
  }

  const page = db.prepare(
    `INSERT OR IGNORE INTO question_pages (form_id, page_id, position, page_json, demo) VALUES (?, ?, ?, ?, 1)
     ON CONFLICT (form_id, page_id) DO UPDATE SET page_json = excluded.page_json WHERE demo = 1`,
  );
  for (const item of QUESTION_PAGES) page.run(item.formId, item.id, Number(item.id), JSON.stringify(item));

  const content = db.prepare(
    `INSERT OR IGNORE INTO content (key, markdown, demo) VALUES (?, ?, 1)
     ON CONFLICT (key) DO UPDATE SET markdown = excluded.markdown WHERE demo = 1`,
  );
  for (const [key, markdown] of Object.entries(CONTENT)) content.run(key, markdown);

  const deadEnd = db.prepare('INSERT OR IGNORE INTO dead_ends (answer, markdown, demo) VALUES (?, ?, 1)');
  for (const [answer, markdown] of Object.entries(DEAD_ENDS)) deadEnd.run(answer, markdown);

  const terms = db.prepare('INSERT OR IGNORE INTO terms (version, effective_date, markdown, demo) VALUES (?, ?, ?, 1)');
  for (const item of TERMS) terms.run(item.version, item.effectiveDate, item.markdown);

  const encounter = db.prepare(
    'INSERT OR IGNORE INTO state_encounter_types (state, encounter_types_json, demo) VALUES (?, ?, 1)',
  );
  for (const { code: state } of US_STATES) encounter.run(state, JSON.stringify(encounterTypesOf(state)));

  const clinic = db.prepare(
    `INSERT OR IGNORE INTO microclinics (id, name, line1, city, state, zip, lat, lng, demo)
     VALUES (@id, @name, @line1, @city, @state, @zip, @lat, @lng, 1)`,
  );
  for (const item of MICROCLINICS) clinic.run(item);

  const place = db.prepare(
    `INSERT OR IGNORE INTO places (id, kind, line1, city, state, zip, lat, lng, search_key, demo)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
  );
  for (const [id, line1, city, state, zip, lat, lng] of PLACE_ADDRESSES) {
    place.run(id, 'address', line1, city, state, zip, lat, lng, placeSearchKey(`${line1} ${city} ${state} ${zip}`));
  }
  for (const [kind, city, state, zip, lat, lng] of PLACE_AREAS) {
    const id = `pl_${kind}_${placeSearchKey(city).replaceAll(' ', '_')}_${zip}`;
    place.run(id, kind, null, city, state, zip, lat, lng, placeSearchKey(`${city} ${state} ${zip}`));
  }

  const link = db.prepare('INSERT OR IGNORE INTO short_links (hash, url, demo) VALUES (?, ?, 1)');
  for (const [hash, url] of Object.entries(SHORT_LINKS)) link.run(hash, url);

  const eventType = db.prepare(
    `INSERT OR IGNORE INTO event_types (id, name, uri, scheduling_url, duration_minutes, timezone, demo)
     VALUES (?, ?, ?, ?, ?, ?, 1)`,
  );
  const slot = db.prepare(
    'INSERT OR IGNORE INTO availability (event_type_id, weekday, start_minute, demo) VALUES (?, ?, ?, 1)',
  );
  for (const item of EVENT_TYPES) {
    eventType.run(
      item.id,
      item.name,
      `https://scheduling.example.com/event_types/${item.id}`,
      `https://scheduling.example.com/clinic/${item.id}`,
      item.duration,
      SCHEDULING_TIMEZONE,
    );
    for (const weekday of WEEKDAYS) for (const minute of SLOT_MINUTES) slot.run(item.id, weekday, minute);
  }
}

function seedCustomers(db: Db, now: Date): void {
  const lead = db.prepare(
    `INSERT OR IGNORE INTO leads (landing_id, form_id, path_code, lead_json, answers_json, scores_json, demo, created_at, updated_at)
     VALUES (?, 'MIP', ?, ?, ?, ?, 1, ?, ?)`,
  );
  const customer = db.prepare(
    `INSERT OR IGNORE INTO customers (kt_customer_id, landing_id, first_name, last_name, email, phone, gender, state,
       portal_ref, has_id, allergies_json, demo)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
  );
  const order = db.prepare(
    `INSERT OR IGNORE INTO orders (id, kind, landing_id, kt_customer_id, product_id, total, status, last4, demo, created_at)
     VALUES (?, 'order', ?, ?, ?, ?, 'fulfilled', ?, 1, ?)`,
  );
  const prescription = db.prepare(
    `INSERT OR IGNORE INTO prescriptions (id, kt_customer_id, medication, dosage, status, refills_remaining, written_at, demo)
     VALUES (?, ?, ?, ?, 'active', ?, ?, 1)`,
  );
  const medication: Readonly<Record<string, { name: string; dosage: string; total: string }>> = {
    '1664': { name: 'Estradiol patch', dosage: '0.05 mg twice weekly', total: '$89.00' },
    '1682': { name: 'Testosterone cypionate', dosage: '100 mg weekly', total: '$99.00' },
    '1684': {
      name: 'Estradiol and progesterone',
      dosage: '1 mg estradiol, 100 mg progesterone daily',
      total: '$119.00',
    },
  };
  for (const [index, item] of DEMO_CUSTOMERS.entries()) {
    const landingId = landingIdOf(item.lastName, item.email, item.landedAt, 'MIP');
    const birthYear = 1975 + index * 4;
    const answers = [
      { ref: 'energy-level', type: 'single-choice', value: ['Low'], questionId: 'q-energy' },
      { ref: 'birthdate', type: 'date', value: [`${birthYear}-02-14`], questionId: 'q-birthdate' },
      { ref: 'state', type: 'us-state', value: [item.state], questionId: 'q-state' },
    ];
    const contact = {
      landing_id: landingId,
      formId: 'MIP',
      pathCode: item.gender === 'female' ? 'fha1' : 'shrt',
      landed_at: item.landedAt,
      submitted_at: item.landedAt,
      firstName: item.firstName,
      lastName: item.lastName,
      email: item.email,
      phone: item.phone,
    };
    lead.run(
      landingId,
      contact.pathCode,
      JSON.stringify(contact),
      JSON.stringify(answers),
      JSON.stringify({ symptoms: 12 + index }),
      item.landedAt,
      item.landedAt,
    );
    customer.run(
      item.id,
      landingId,
      item.firstName,
      item.lastName,
      item.email,
      item.phone,
      item.gender,
      item.state,
      item.portalRef,
      item.hasId ? 1 : 0,
      JSON.stringify(item.allergies),
    );
    const drug = medication[item.productId];
    if (drug) {
      order.run(`ord_demo${item.id}`, landingId, item.id, item.productId, drug.total, '4242', item.landedAt);
      prescription.run(`rx_demo${item.id}`, item.id, drug.name, drug.dosage, 2, item.landedAt);
    }
  }
  db.prepare(
    `INSERT OR IGNORE INTO referrals (id, referrer_customer_id, friend_first_name, friend_email, status, demo, created_at)
     VALUES ('ref_2Wq7Ls', '100234', 'Sam', 'sam@example.com', 'invited', 1, ?)`,
  ).run(now.toISOString());
  const appointment = db.prepare(
    `INSERT OR IGNORE INTO appointments (id, event_type_id, landing_id, start_time, end_time, status, demo, updated_at)
     VALUES (?, ?, ?, ?, ?, 'scheduled', 1, ?)`,
  );
  // Each brand's demo appointment is its demo customer's, so their return link opens it.
  const [jane, john] = DEMO_CUSTOMERS;
  const leadOf = (customer: DemoCustomer | undefined) =>
    customer ? landingIdOf(customer.lastName, customer.email, customer.landedAt, 'MIP') : null;
  const start = nextWeekdayAt(now, 15);
  const end = new Date(start.getTime() + 30 * 60_000);
  appointment.run('apt_9XkP2v', 'hrt-consult', leadOf(john), start.toISOString(), end.toISOString(), now.toISOString());
  const later = nextWeekdayAt(start, 17);
  appointment.run(
    'apt_demo_flow',
    'fhrt-consult',
    leadOf(jane),
    later.toISOString(),
    new Date(later.getTime() + 30 * 60_000).toISOString(),
    now.toISOString(),
  );
}

/**
 * Seeds the demo content unless this seed version already ran on the database; returns
 * whether it seeded. One transaction: a failure leaves no half-seeded database.
 */
export function seedDemoData(db: Db, now: Date = new Date()): boolean {
  return db.transaction(() => {
    const seeded = db.prepare<[], { value: string }>("SELECT value FROM meta WHERE key = 'demo_seed_version'").get();
    if (seeded && Number(seeded.value) >= SEED_VERSION) return false;
    seedContent(db);
    seedCustomers(db, now);
    db.prepare(
      "INSERT INTO meta (key, value) VALUES ('demo_seed_version', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    ).run(String(SEED_VERSION));
    return true;
  })();
}
