/**
 * Types of the JSON files under `config/`. The JSON Schemas in `schemas/` are the source of
 * truth; these types mirror them so the engine can read config that has passed validation.
 */

/** A brand's site. The men's brand uses the male site, the women's brand the female one. */
export type Site = 'male' | 'female';

/** Which visitors a route is for: one brand's site, or both. */
export type RouteSite = Site | 'shared';

export interface FunnelVariant {
  name: string;
  description?: string;
  /** The codes the variant applies to; all of the funnel's codes when absent. */
  codes?: string[];
  /** The variant applies when this query parameter has exactly this value. */
  when: { query: string; equals: string };
  steps: string[];
  /**
   * Facts the clinic's staff make true for this variant's patients outside the funnel (the call
   * centre books the consult on the phone): the product rules (config/clinic-rules.json) count
   * them as reached on the variant's path. Nothing else reads them.
   */
  byStaff?: string[];
}

/**
 * What the care team does once a funnel's patient reaches its finish page, which says so: a
 * video consult (booked in the funnel, or the care team calls to book it), a review of a refill
 * request (no consult), or a review of the patient's answers and order.
 */
export type AfterFinish = 'consult' | 'refill-review' | 'review';

/** What a funnel sells and what a code group is for; the schemas list the same (a test checks). */
export type Treatment = 'hrt' | 'ed';

export interface Funnel {
  description?: string;
  site: Site;
  treatment: Treatment;
  codes: string[];
  steps: string[];
  /** Where the patient goes when the steps run out (a page of an ENDING_SCREENS screen). */
  finish: string;
  /** What happens after the finish page. @default 'consult' */
  afterFinish?: AfterFinish;
  variants?: FunnelVariant[];
}

/** Why a link has no funnel: its code has none on the site, or its pathOverride names a step key the site lacks. */
export type LinkProblemKind = 'unknown-code' | 'unknown-step-key';

export interface FunnelsFile {
  /** The error page: a link with no funnel goes to `{unknownCodePath}/{errorCodes[kind]}/{code}`, query kept. */
  unknownCodePath: string;
  /** The error page's code for each reason a link has no funnel. */
  errorCodes: Record<LinkProblemKind, string>;
  /** The query parameter numbering a form's pages; the funnel ignores it. */
  formPageParam: string;
  /** The query keys a variant's `when.query` may name, each with who sends them; the funnel reads no other. */
  variantQueries: Record<string, { description?: string }>;
  funnels: Record<string, Funnel>;
}

/**
 * A change to a funnel's steps, as a split test's variant makes it (config/experiments.json):
 * a step removed, one inserted before or after another, or two swapped. The keys that go
 * together are checked by the rules, not the schema (src/engine/config-rules.ts).
 */
export interface StepChange {
  remove?: string;
  insert?: string;
  before?: string;
  after?: string;
  swap?: [string, string];
}

/** The control of a split test: the funnel's own steps, at a weight. */
export interface ControlVariant {
  weight: number;
}

/** A variant of a split test: its whole step list, or changes to the control's. */
export interface ExperimentVariant {
  description?: string;
  weight: number;
  steps?: string[];
  change?: StepChange[];
}

/** The variant id every experiment has: the funnel's own steps. */
export const CONTROL_VARIANT = 'control';

/** A split test (config/experiments.json): the codes it applies to, its variants and whether new patients are assigned. */
export interface Experiment {
  description: string;
  codes: string[];
  running: boolean;
  /** A flag of flags.json that switches it off (new patients get the control). */
  flag?: string;
  variants: { control: ControlVariant } & Record<string, ExperimentVariant>;
}

export interface ExperimentsFile {
  experiments: Record<string, Experiment>;
}

export type SitePaths = Partial<Record<Site, string>>;

export interface StepKey {
  description?: string;
  sites: Site[];
  paths: SitePaths;
}

export interface StepKeysFile {
  queryParam: string;
  separator: string;
  finish: Record<Site, string>;
  keys: Record<string, StepKey>;
}

export interface CodeGroup {
  description?: string;
  codes: string[];
  /** The treatment its codes' funnels sell; any when absent. */
  treatment?: Treatment;
  /** The error page's content entry for these codes. */
  errorContentKey?: string;
  /** Screens only these codes' patients open: an unknown code's link to one gets this group's errorContentKey. */
  unknownCodeScreens?: ScreenName[];
  /** The scheduling event type these codes book, in place of their brand's. */
  consultEventType?: string;
  /** Intake page ids these codes see in place of others (route page id to page id). */
  intakePageSwaps?: Record<string, string>;
  /** For renewal codes: the code of the first visit offered to someone who is not a patient yet. */
  newPatientCode?: string;
}

export interface CodeGroupsFile {
  /** The error page's content entry for a code in no group that names one. */
  defaultErrorContentKey: string;
  groupOnlyCodes: Record<string, string>;
  groups: Record<string, CodeGroup>;
}

/** Every screen a route can name; `schemas/routes.schema.json` lists the same (a test checks). */
export const SCREEN_NAMES = [
  'about-consult',
  'checkout',
  'comm-verify',
  'commerce-info-update',
  'consult-upcoming',
  'continuous-confirmation',
  'continuous-form',
  'error',
  'finish',
  'hormone-assessment',
  'intake',
  'legal',
  'memo-appointment',
  'microclinic-finish',
  'not-found',
  'payment',
  'post-clinic',
  'restart-hrt',
  'results',
  'scheduling',
  'short-link',
  'thank-you',
  'upload',
] as const;

export type ScreenName = (typeof SCREEN_NAMES)[number];

/** The screens that go on to their route's `whenSent` once their form is sent. */
export const WHEN_SENT_SCREENS: readonly ScreenName[] = ['continuous-form'];

/**
 * The screens that end a journey: they say what happens next and offer no Continue. A funnel's
 * `finish` must open one, so no funnel ends on a step whose main action goes nowhere.
 */
export const ENDING_SCREENS: readonly ScreenName[] = ['finish', 'thank-you', 'continuous-confirmation'];

/**
 * What a page needs of the patient's journey to open (a route's `needs`;
 * `schemas/routes.schema.json` lists the same, a test checks): `funnel-step`, to be a step of
 * the patient's funnel; `steps-done`, to have been reached by moving on through every step
 * before it. src/engine/journey-needs.ts says whether a visit meets it.
 */
export const JOURNEY_NEEDS = ['funnel-step', 'steps-done'] as const;

export type JourneyNeed = (typeof JOURNEY_NEEDS)[number];

/** Every layout a route can name; `schemas/routes.schema.json` lists the same (a test checks). */
export const LAYOUT_NAMES = ['default', 'grey', 'minimal', 'bare', 'wrapper', 'loading'] as const;

export type LayoutName = (typeof LAYOUT_NAMES)[number];

export interface LayoutOptions {
  name?: LayoutName;
  padding?: boolean;
  hideRightContent?: boolean;
  extraFooterPadding?: boolean;
  background?: string;
}

/** Validation ensures exactly one of `param` and `value`. */
export interface CampaignCodeSource {
  param?: string;
  default?: string;
  value?: string;
}

export interface RouteConfig {
  /** React Router pattern: `:param`, `:param?` for an optional one, `*` for the catch-all. */
  path: string;
  screen: ScreenName;
  variant?: string;
  site: RouteSite;
  title: string;
  campaignCode?: CampaignCodeSource;
  funnel?: boolean;
  /** What the patient's journey must hold for the page to open (funnel pages only). */
  needs?: JourneyNeed;
  /** The facts (RoutesFile `facts`) the journey must hold before this step opens (funnel pages only). */
  requires?: string[];
  /** The facts this step makes true once the patient is done with it (funnel pages only). */
  produces?: string[];
  /**
   * Who answers a patient who opens the step without what it is due: the funnel machine (by
   * default: it brings them to where the work is) or the screen itself (the results' note).
   */
  door?: 'machine' | 'screen';
  product?: 'hrt' | 'fhrt';
  /** The question pages the screen shows (pageQuestions by formId and pageIds). */
  form?: { formId: string; pageIds: string[] };
  /**
   * Where a page outside any funnel goes once its form is sent; `:pathCode` is the page's
   * campaign code (see sentPath).
   */
  whenSent?: string;
  timeToComplete?: string;
  layout?: LayoutOptions;
  layoutWhenPathContains?: { text: string; layout: LayoutOptions }[];
  header?: { fixed?: boolean; scrollProgress?: boolean; secureCheckout?: boolean; hideCallLink?: boolean };
  /** The footer: the brand's whole one, its about-consult variant, or a checkout's focused one (help line and legal links). */
  footer?: 'default' | 'about-consult' | 'focused';
}

export interface Redirect {
  from: string[];
  to: string;
}

/** The form ids of the parts of the funnel (config/routes.json `forms`). */
export interface FormIds {
  /** The hormone assessment: a landing id's default form, and the lead the payment saves. */
  assessment: string;
  intake: string;
  continuingCare: string;
}

/** A fact a step can require or produce, in the clinic's words (RoutesFile `facts`). */
export interface FactConfig {
  description: string;
  /**
   * The facts of steps no link reaches without this one: on a pathOverride list, a step
   * producing one of them is due this fact when the code's own funnel produces it before that
   * step (anywhere in the funnel, for a step the funnel does not have). A clinical clearance
   * comes before money or a booking on every link.
   */
  keptBefore?: string[];
}

export interface RoutesFile {
  forms: FormIds;
  /**
   * The facts steps require and produce, by name (src/engine/step-facts.ts). Absent in a config
   * from before issue 37 (funnels --diff reads old commits): its routes name none.
   */
  facts?: Record<string, FactConfig>;
  routes: RouteConfig[];
  redirects: Redirect[];
}

export interface BrandConfig {
  brandName: string;
  isMale: boolean;
  isFemme: boolean;
  /** Host names (no port) that select this brand. */
  hosts: string[];
  /** The member portal; the women's brand has its own domain. */
  portalLink: string;
  favicon: string;
  logo: string;
  tagManagerContainer: string;
  phone: string;
  /** The care team's address, where a patient cancels a plan or asks for their records. */
  supportEmail?: string;
  supportHours: string;
  /** Where a visitor of this brand starts: the fallback page links here. */
  startPath: string;
  defaultProductCategory: 'hrt' | 'fhrt';
  /** The scheduling event type this brand's patients book, unless their code's group names another. */
  consultEventType: string;
  colors: { primary: string; secondary: string; accent: string };
}

export interface BrandsFile {
  defaultBrand: Site;
  brands: Record<Site, BrandConfig>;
  /**
   * The two brands' hosts of one deployment, in pairs: a returning customer's link opened on
   * the other brand's host moves to the paired host of theirs. The first pair is the local server's.
   */
  hostPairs: Record<Site, string>[];
}

/** All configuration, each part as read from its file. */
/** How the assessment's answers become scores (config/scores.json). */
export interface ScoresFile {
  scores: { name: string; label: string; ref: string; points: Readonly<Record<string, number>> }[];
  /** From lowest to highest; the last has no `below`. */
  bands: { below?: number; label: string; summary: string }[];
}

/** Feature flags (config/flags.json): each flag's default, which the flag service may change. */
export interface FlagsFile {
  flags: Record<string, { default: boolean; description: string }>;
}

/** The consult video names the screens use; the schema requires both. */
export type ConsultVideoName = 'about-consult' | 'consult-upcoming';

/**
 * A consult video as config/consult-videos.json gives it. A file may be a name alone, looked
 * for under the deployment's media base (src/features/booking/video/consult-videos.ts resolves it).
 */
export interface ConsultVideoEntry {
  /** What the video is, for its accessible name and the transcript's heading. */
  title: string;
  /** Below md (767 px and narrower): portrait. */
  mobileSrc: string;
  mobilePoster: string;
  /** md and wider: landscape. */
  desktopSrc: string;
  desktopPoster: string;
  /** The MIME type of both sources. */
  type: string;
  /** WebVTT captions, in English. */
  captionsSrc: string;
  /** The words of the video, the text alternative shown under it; the captions say the same. */
  transcript: readonly string[];
}

export interface ConsultVideosFile {
  videos: Record<ConsultVideoName, ConsultVideoEntry>;
}

/** A rule of what a product needs before a clinician prescribes it, in effect from `from` until `until`. */
export interface ProductNeed {
  name: string;
  /** What the patient must do, in words that finish "the product needs …". */
  description: string;
  /** The rule's source, for the compliance lead. */
  why: string;
  /** Facts (RoutesFile `facts`) of which a step on the path must produce one. */
  anyOf: string[];
  /** The first day it is in effect (YYYY-MM-DD); absent: always was. */
  from?: string;
  /** The last day it is in effect (YYYY-MM-DD); absent: no end. */
  until?: string;
}

/** A product the funnels of one site and treatment sell, and what it needs (config/clinic-rules.json). */
export interface ProductRules {
  description: string;
  sells: { site: Site; treatment: Treatment };
  /** Its DEA controlled-substance schedule, or null when it is not controlled. */
  schedule: 'II' | 'III' | 'IV' | 'V' | null;
  /** The states (postal codes) where the clinic treats patients for it; any other is not served. */
  servedStates: string[];
  needs: ProductNeed[];
}

export interface ClinicRulesFile {
  products: Record<string, ProductRules>;
  /**
   * The kinds of visit each state allows: the server's stateEncounterTypes is the source at run
   * time; these are the local server's demo data and the tests'.
   */
  encounterTypes: {
    /** The facts (RoutesFile `facts`) that are a live visit, for a state that asks one before an order. */
    liveVisit: string[];
    default: string[];
    byState: Record<string, string[]>;
  };
}

export interface FunnelConfig {
  funnels: FunnelsFile;
  stepKeys: StepKeysFile;
  codeGroups: CodeGroupsFile;
  routes: RoutesFile;
  brands: BrandsFile;
  scores: ScoresFile;
  experiments: ExperimentsFile;
  clinicRules: ClinicRulesFile;
}

/**
 * Config read by one module of the app, which imports its file itself (the flags by
 * src/shared/services/flags, the videos by src/features/booking/video, the products by src/features/payment), so it is in the bundle only with the
 * code that uses it: the first load does not carry it. It is validated with the rest.
 */
export interface ModuleConfig {
  flags: FlagsFile;
  consultVideos: ConsultVideosFile;
  products: ProductsFile;
}

/** The product a campaign code sells (config/products.json), read by the payment page and the server's orders. */
export interface CodeProduct {
  productId: string;
  type: 'product' | 'mpid';
  /** Sold only on this site; elsewhere the code gets no product. */
  site?: Site;
  /** Ids the link's `mpid` query may choose instead of `productId`. */
  mpidFromQuery?: readonly string[];
  followOn?: { productId: string; campaignId: string; compOrder: boolean };
  description: string;
}

/** The product a brand sells for a code that names none: its consultation. */
export interface SiteProduct {
  productId: string;
  type: 'product' | 'mpid';
  description: string;
}

export interface ProductsFile {
  byCode: Record<string, CodeProduct>;
  bySite: Record<Site, SiteProduct>;
  /** The products that renew, by product id, and how often (issue 38): every other product is a one-time charge. */
  renewals?: Record<string, ProductRenewal>;
}

/** How a product that renews is charged again: the amount of its first charge, at this interval, until cancelled. */
export interface ProductRenewal {
  every: 'month';
  description: string;
}

/** Every config file's content: what `npm run validate` and the build check. */
export type ConfigSet = FunnelConfig & ModuleConfig;

/** The config file each part of {@link ConfigSet} is read from, relative to `config/`. */
export const CONFIG_FILES = {
  funnels: 'funnels.json',
  stepKeys: 'step-keys.json',
  codeGroups: 'code-groups.json',
  routes: 'routes.json',
  brands: 'brands.json',
  scores: 'scores.json',
  flags: 'flags.json',
  consultVideos: 'consult-videos.json',
  products: 'products.json',
  experiments: 'experiments.json',
  clinicRules: 'clinic-rules.json',
} as const satisfies Record<keyof ConfigSet, string>;

/** How people name a site in messages. */
export const SITE_LABEL: Record<Site, string> = { male: "men's site", female: "women's site" };
