/**
 * Request and response types of the `/api` contract (schemas/api.openapi.json): generated from
 * its component schemas (npm run types, src/contract/generated/api-schemas.ts) and named like
 * them, so each has one declaration, the schema. tests/api checks every client function
 * against the contract's examples and validates what it returns with the contract.
 */
export type {
  Address,
  Allergies,
  Answer,
  Appointment,
  AppointmentId,
  AvailableDate,
  AvailableDates,
  BillingCustomer,
  BillingInfo,
  BillingToken,
  CalendarEvent,
  CampaignId,
  CommChangeConfirmation,
  Contact,
  ContentKey,
  ContentResults,
  ContinuousOrder,
  CurrentScripts,
  CustomerId,
  DeadEnd,
  DeadEndAnswer,
  Email,
  EncounterType,
  Events,
  EventType,
  FieldError,
  FollowOnProduct,
  FormAnswers,
  FormId,
  Gender,
  HasId,
  HrtPatientUpdate,
  HrtRestart,
  IdentityCustomer,
  IdentityResult,
  KtCustomer,
  KtCustomerIdCheck,
  KtCustomerLandingId,
  LandingId,
  LandingIdCheck,
  Last4,
  Lead,
  LeadPayload,
  LeadSaved,
  LinkCheck,
  MedicationEffectiveness,
  MicroClinicLocation,
  MicroClinics,
  Money,
  Order,
  OrderLookup,
  OrderPayload,
  OrderStatus,
  PagePath,
  PageQuestions,
  PathCode,
  PersonName,
  Phone,
  PortalLogin,
  PortalLoginValue,
  Prescription,
  Product,
  ProductId,
  ProductKind,
  Qualification,
  Question,
  QuestionOption,
  QuestionPage,
  QuestionType,
  QuestionValidation,
  RecaptchaAction,
  RecaptchaResult,
  Referral,
  ReferralList,
  SalePrice,
  Scores,
  ShortLink,
  SoapNotesSaved,
  StateEncounterType,
  StatusUpdate,
  Submission,
  SymptomQuestions,
  TermsOfService,
  TermsVersion,
  TimeSlot,
  UserLookup,
  UsState,
} from './generated/api-schemas.ts';
import type { Error as ApiErrorSchema } from './generated/api-schemas.ts';

/** A JSON value, for the free-form bodies of the contract. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };
export type JsonObject = { readonly [key: string]: JsonValue };

/** The one error body of the API (`Error`: a name the global Error takes in this code). */
export type ErrorBody = ApiErrorSchema;
/** An ISO 8601 timestamp. */
export type DateTime = string;
/** An ISO 8601 date, YYYY-MM-DD. */
export type IsoDate = string;

export type ProductCategory = 'hrt' | 'fhrt';
