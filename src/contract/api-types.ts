/**
 * Request and response types of the `/api` contract (schemas/api.openapi.json), written by
 * hand after its component schemas and named like them. tests/api checks every client
 * function against the contract's examples and validates what it returns with the contract.
 */

/** A JSON value, for the free-form bodies of the contract. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };
export type JsonObject = { readonly [key: string]: JsonValue };

/** A field that failed validation (`FieldError`). */
export interface FieldError {
  field: string;
  message: string;
}

/** The one error body of the API (`Error`). */
export interface ErrorBody {
  status: number;
  message: string;
  details?: string | FieldError[];
}

/** A display amount such as `$99.00` (`Money`). */
export type Money = string;
/** URL-safe base64 landing id (`LandingId`). */
export type LandingId = string;
/** `MIP`, `MIP-H2` (`FormId`). */
export type FormId = string;
/** A campaign code such as `shrt1` (`PathCode`). */
export type PathCode = string;
/** A clinic customer id (`CustomerId`). */
export type CustomerId = string;
/** Digits, such as `1682` (`ProductId`, also used for mpid). */
export type ProductId = string;
/** Digits, such as `116` (`CampaignId`). */
export type CampaignId = string;
/** An ISO 8601 timestamp. */
export type DateTime = string;
/** An ISO 8601 date, YYYY-MM-DD. */
export type IsoDate = string;

export type UsState =
  | 'AL'
  | 'AK'
  | 'AZ'
  | 'AR'
  | 'CA'
  | 'CO'
  | 'CT'
  | 'DE'
  | 'DC'
  | 'FL'
  | 'GA'
  | 'HI'
  | 'ID'
  | 'IL'
  | 'IN'
  | 'IA'
  | 'KS'
  | 'KY'
  | 'LA'
  | 'ME'
  | 'MD'
  | 'MA'
  | 'MI'
  | 'MN'
  | 'MS'
  | 'MO'
  | 'MT'
  | 'NE'
  | 'NV'
  | 'NH'
  | 'NJ'
  | 'NM'
  | 'NY'
  | 'NC'
  | 'ND'
  | 'OH'
  | 'OK'
  | 'OR'
  | 'PA'
  | 'RI'
  | 'SC'
  | 'SD'
  | 'TN'
  | 'TX'
  | 'UT'
  | 'VT'
  | 'VA'
  | 'WA'
  | 'WV'
  | 'WI'
  | 'WY';

export interface Address {
  line1: string;
  line2?: string;
  city: string;
  state: UsState;
  /** 12345 or 12345-6789. */
  zip: string;
}

export type QuestionType =
  | 'single-choice'
  | 'multiple-choice'
  | 'text'
  | 'email'
  | 'phone'
  | 'date'
  | 'us-state'
  | 'number'
  | 'yes-no'
  | 'consent'
  | 'address';

/** One answer of a submission (SPEC §3): value is always a list; a date is a one-item list. */
export interface Answer {
  ref: string;
  type: QuestionType;
  value: string[];
  questionId: string;
}

/** The saved answers of a form (`FormAnswers`). */
export interface FormAnswers {
  landing_id: LandingId;
  formId: FormId;
  answers: Answer[];
  submitted_at?: DateTime;
}

/** firstName, lastName, email and phone, all required (`Contact`). */
export interface Contact {
  firstName: string;
  lastName: string;
  email: string;
  /** Ten digits, US. */
  phone: string;
}

/** Score by name (`Scores`). */
export type Scores = Readonly<Record<string, number>>;

/** What saveLead and checkCustQualifications send, JSON-encoded, as `lead` (`LeadPayload`). */
export interface LeadPayload extends Contact {
  landing_id: LandingId;
  formId?: FormId;
  pathCode?: PathCode;
  landed_at?: DateTime;
  submitted_at?: DateTime;
  answers: Answer[];
}

/** A saved lead (`Lead`). */
export interface Lead extends LeadPayload {
  scores?: Scores;
  savedAt: DateTime;
}

export interface LeadSaved {
  landing_id: LandingId;
  savedAt: DateTime;
}

export interface Qualification {
  qualified: boolean;
  reasons: string[];
}

export interface QuestionOption {
  value: string;
  label: string;
}

export interface QuestionValidation {
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  message?: string;
}

export interface Question {
  id: string;
  ref?: string;
  type: QuestionType;
  label: string;
  options?: QuestionOption[];
  required: boolean;
  validation?: QuestionValidation;
}

export interface QuestionPage {
  id: string;
  formId: FormId;
  title?: string;
  questions: Question[];
}

export interface PageQuestions {
  formId: FormId;
  pages: QuestionPage[];
}

export interface SymptomQuestions {
  landing_id: LandingId;
  questions: Question[];
}

export interface Allergies {
  customerId: CustomerId;
  allergies: string[];
}

export type ProductCategory = 'hrt' | 'fhrt';
export type ProductKind = 'product' | 'mpid';

/** A product as the product fetch returns it (SPEC §3). */
export interface Product {
  externalId: ProductId;
  category: ProductCategory;
  type: ProductKind;
  brand?: string;
  externalCampaignId?: CampaignId;
  message?: string;
  name: string;
  description?: string;
  packageIncludes?: string[];
  includesDetail?: string[];
  price: Money;
  quantity: number;
  /** A Money text, or '' when there is no sale price (`SalePrice`). */
  salePrice: string;
  shipping?: Money;
  total: Money;
  mpId?: ProductId;
}

/** A follow-on product (SPEC §3). */
export interface FollowOnProduct {
  productId: ProductId;
  campaignId: CampaignId;
  compOrder: boolean;
}

/** What createOrder and createOrderNonLinear send, JSON-encoded, as `order` (`OrderPayload`). */
export interface OrderPayload {
  productId: ProductId;
  campaignId?: CampaignId;
  quantity?: number;
  landingId: LandingId;
  billingToken: string;
  contact: Contact;
}

export type OrderStatus = 'pending' | 'approved' | 'fulfilled' | 'cancelled';

export interface Order {
  orderId: string;
  status: OrderStatus;
  total: Money;
  createdAt: DateTime;
  last4?: string;
}

export interface OrderLookup {
  customerId: CustomerId;
  orders: Order[];
}

interface BillingCustomerDetails {
  firstName: string;
  lastName: string;
  email?: string;
  phone?: string;
  address: Address;
}

/**
 * The billing customer (`BillingCustomer`): a payment token, or the card itself, which the
 * server turns into a token and the last four digits and never stores.
 */
export type BillingCustomer = BillingCustomerDetails &
  (
    | { paymentToken: string; cardNumber?: never; expMonth?: never; expYear?: never; cvc?: never }
    | { paymentToken?: never; cardNumber: string; expMonth: number; expYear: number; cvc: string }
  );

export interface BillingInfo {
  landingId: LandingId;
  billingToken: string;
  last4: string;
  cardBrand?: 'visa' | 'mastercard' | 'amex' | 'discover' | 'other';
  expMonth?: number;
  expYear?: number;
  /** Present when the card would be declined: the reason. Orders charged to it answer 422. */
  declineReason?: string;
  savedAt: DateTime;
}

/**
 * The identity customer (`IdentityCustomer`). idType and idNumber only for AL, HI, IL, IN, KS,
 * MA, MI, NC, ND, OK, UT and KY; ssn only for KY (SPEC §5).
 */
export interface IdentityCustomer {
  firstName: string;
  lastName: string;
  birthdate: IsoDate;
  state: UsState;
  idType?: string;
  idNumber?: string;
  ssn?: string;
}

export interface IdentityResult {
  checkId: string;
  verified: boolean;
  status: 'verified' | 'failed' | 'review';
  checkedAt: DateTime;
}

export interface KtCustomerLandingId {
  ktCustomerId: CustomerId;
  landing_id: LandingId;
}

export interface KtCustomerIdCheck {
  ktCustomerId: CustomerId;
  valid: boolean;
}

export interface HasId {
  customerId: CustomerId;
  hasId: boolean;
}

export interface Prescription {
  scriptId: string;
  medication: string;
  dosage?: string;
  status: 'active' | 'paused' | 'expired' | 'cancelled';
  refillsRemaining?: number;
  writtenAt: DateTime;
}

export interface CurrentScripts {
  customerId: CustomerId;
  scripts: Prescription[];
}

export interface ContinuousOrder {
  ktCustomerId: CustomerId;
  isRestart: boolean;
  medicationEffectiveness?: string;
  /** The free-form body of updateKtOrderContinuous. */
  details: JsonObject;
  updatedAt: DateTime;
}

export interface StatusUpdate {
  landing_id: LandingId;
  leadLandingId?: LandingId;
  status: 'CED' | 'CHRT' | 'FCHRT';
  updatedAt: DateTime;
}

export interface LinkCheck {
  landing_id: LandingId;
  linked: boolean;
  leadLandingId?: LandingId;
}

export interface LandingIdCheck {
  landing_id: LandingId;
  exists: boolean;
}

export interface TermsOfService {
  version: string;
  effectiveDate?: IsoDate;
  markdown: string;
}

export interface DeadEnd {
  deadEndAnswer: string;
  markdown: string;
}

export interface MicroClinicLocation {
  id: string;
  name: string;
  address: Address;
  lat: number;
  lng: number;
  distanceMiles: number;
}

export interface MicroClinics {
  locations: MicroClinicLocation[];
}

export type EncounterType = 'asynchronous' | 'video' | 'phone' | 'in-person';

export interface StateEncounterType {
  state: UsState;
  encounterTypes: EncounterType[];
}

export interface Appointment {
  appointmentId: string;
  eventType?: string;
  startTime?: DateTime;
  endTime?: DateTime;
  status: 'scheduled' | 'made' | 'cancelled';
  madeFrom?: 'portal' | 'flow';
  updatedAt: DateTime;
}

export interface CalendarEvent {
  uri: string;
  name: string;
  eventType: string;
  durationMinutes: number;
  schedulingUrl?: string;
}

export interface Events {
  events: CalendarEvent[];
}

export interface TimeSlot {
  startTime: DateTime;
  endTime: DateTime;
}

export interface AvailableDate {
  date: IsoDate;
  slots: TimeSlot[];
}

export interface AvailableDates {
  eventTypeId: string;
  timezone?: string;
  dates: AvailableDate[];
}

/** The target of a short link (`ShortLink`). */
export interface ShortLink {
  url: string;
}

export interface KtCustomer extends Contact {
  ktCustomerId: CustomerId;
  state?: UsState;
  landing_id?: LandingId;
  portalLoginAt?: DateTime;
  commChangeConfirmedAt?: DateTime;
}

export interface PortalLogin {
  value: string;
  portalLoginAt: DateTime;
}

export interface CommChangeConfirmation {
  customerId: CustomerId;
  confirmedAt: DateTime;
}

export interface UserLookup {
  exists: boolean;
  customerId?: CustomerId;
}

export type Gender = 'male' | 'female';

export interface Referral {
  referralId: string;
  referrerCustomerId: CustomerId;
  friendFirstName: string;
  friendEmail: string;
  status: 'invited' | 'joined';
  createdAt: DateTime;
}

export interface ReferralList {
  referrerCustomerId: CustomerId;
  referrals: Referral[];
}

export interface HrtPatientUpdate {
  landing_id: LandingId;
  mpid: ProductId;
  recordedAt: DateTime;
}

export interface SoapNotesSaved {
  landingId: LandingId;
  savedAt: DateTime;
}

export interface HrtRestart {
  ktCustomerId: CustomerId;
  landingId: LandingId;
  restartedAt: DateTime;
}

export interface RecaptchaResult {
  success: boolean;
  score: number;
  action: string;
  /** Why a token was refused, for the clinic's logs (the local server names the local token). */
  reason?: string;
}

/** Content entries by key (SPEC §3: "a results map by content key"). */
export interface ContentResults {
  results: Readonly<Record<string, string>>;
}
