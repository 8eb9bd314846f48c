import { apiCall, type CallOptions } from './http.ts';
import type {
  Allergies,
  CommChangeConfirmation,
  CurrentScripts,
  CustomerId,
  Gender,
  KtCustomer,
  KtCustomerIdCheck,
  KtCustomerLandingId,
  PortalLogin,
  Referral,
  ReferralList,
  UserLookup,
} from '../../contract/api-types.ts';

/** A clinic customer (`GET /memoForm/ktCustomer/{id}`, secured). */
export function getKtCustomer(id: CustomerId, options?: CallOptions): Promise<KtCustomer> {
  return apiCall<KtCustomer>(
    { method: 'GET', path: '/memoForm/ktCustomer/{id}', pathParams: { id }, secured: true },
    options,
  );
}

/** The landing id of a clinic customer (`GET /memoForm/ktCustomerLandingId`). */
export function getKtCustomerLandingId(
  query: { ktCustomerId: CustomerId },
  options?: CallOptions,
): Promise<KtCustomerLandingId> {
  return apiCall<KtCustomerLandingId>(
    { method: 'GET', path: '/memoForm/ktCustomerLandingId', query: { ...query } },
    options,
  );
}

/** Whether a clinic customer id is valid (`POST /memoForm/validateKtCustomerId`, id in the query). */
export function validateKtCustomerId(
  query: { ktCustomerId: CustomerId },
  options?: CallOptions,
): Promise<KtCustomerIdCheck> {
  return apiCall<KtCustomerIdCheck>(
    { method: 'POST', path: '/memoForm/validateKtCustomerId', query: { ...query } },
    options,
  );
}

/** Records a portal login (`PATCH /memoForm/portalLogin/{value}`, secured, empty body). */
export function portalLogin(value: string, options?: CallOptions): Promise<PortalLogin> {
  return apiCall<PortalLogin>(
    { method: 'PATCH', path: '/memoForm/portalLogin/{value}', pathParams: { value }, secured: true },
    options,
  );
}

/** Confirms a change of communication preferences (`PATCH /memoForm/commChangeConfirmation/{id}`, secured, empty body). */
export function commChangeConfirmation(id: CustomerId, options?: CallOptions): Promise<CommChangeConfirmation> {
  return apiCall<CommChangeConfirmation>(
    { method: 'PATCH', path: '/memoForm/commChangeConfirmation/{id}', pathParams: { id }, secured: true },
    options,
  );
}

/** Whether a customer has this email (`GET /memoForm/userEmailMF`, secured). */
export function userEmailMf(query: { email: string }, options?: CallOptions): Promise<UserLookup> {
  return apiCall<UserLookup>(
    { method: 'GET', path: '/memoForm/userEmailMF', query: { ...query }, secured: true },
    options,
  );
}

/** Whether a customer of a gender has this phone (`GET /memoForm/userPhoneMF`, secured). */
export function userPhoneMf(query: { phone: string; gender: Gender }, options?: CallOptions): Promise<UserLookup> {
  return apiCall<UserLookup>(
    { method: 'GET', path: '/memoForm/userPhoneMF', query: { ...query }, secured: true },
    options,
  );
}

/** A customer's referrals (`GET /memoForm/referral/{id}`, secured). */
export function getReferral(id: CustomerId, options?: CallOptions): Promise<ReferralList> {
  return apiCall<ReferralList>(
    { method: 'GET', path: '/memoForm/referral/{id}', pathParams: { id }, secured: true },
    options,
  );
}

export interface ReferralInvite {
  referrerCustomerId: CustomerId;
  friendEmail: string;
  friendFirstName: string;
}

/** Refers a friend (`POST /memoForm/referral/`, secured). */
export function createReferral(invite: ReferralInvite, options?: CallOptions): Promise<Referral> {
  return apiCall<Referral>({ method: 'POST', path: '/memoForm/referral/', json: invite, secured: true }, options);
}

/** A customer's allergies (`GET /memoForm/allergies`). */
export function getAllergies(query: { customerId: CustomerId }, options?: CallOptions): Promise<Allergies> {
  return apiCall<Allergies>({ method: 'GET', path: '/memoForm/allergies', query: { ...query } }, options);
}

/** A customer's current prescriptions (`GET /mipH2/getCurrentScripts/{id}`, secured). */
export function getCurrentScripts(id: CustomerId, options?: CallOptions): Promise<CurrentScripts> {
  return apiCall<CurrentScripts>(
    { method: 'GET', path: '/mipH2/getCurrentScripts/{id}', pathParams: { id }, secured: true },
    options,
  );
}
