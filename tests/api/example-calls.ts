import {
  getDeadEnd,
  getMarkdown,
  getPageQuestions,
  getSymptomQuestions,
  getTermsOfService,
} from '../../src/shared/api/content.ts';
import { saveBillingInfo } from '../../src/shared/api/billing.ts';
import {
  commChangeConfirmation,
  createReferral,
  getAllergies,
  getCurrentScripts,
  getKtCustomer,
  getKtCustomerLandingId,
  getReferral,
  portalLogin,
  userEmailMf,
  userPhoneMf,
  validateKtCustomerId,
} from '../../src/shared/api/customers.ts';
import { checkIdentity, getHasId, identityCheck, verifyRecaptcha } from '../../src/shared/api/identity.ts';
import {
  checkCustQualifications,
  checkLandingId,
  checkLinkChrt,
  getAnswers,
  getLead,
  saveLead,
} from '../../src/shared/api/leads.ts';
import type { API_OPERATIONS, OperationId } from './client-operations.ts';
import {
  createOrder,
  createOrderNonLinear,
  getKtOrderContinuous,
  getOrder,
  newChrtZeroDollarOrder,
  orderSaveSoapNotes,
  updateHrtInfoCreateOrder,
  updateKtOrderContinuous,
} from '../../src/shared/api/orders.ts';
import { createFollowOnProductOrder, getProductInfo } from '../../src/features/payment/products-api.ts';
import {
  appointmentMade,
  appointmentMadeFromFlow,
  getAppointment,
  getAvailableDates,
  getEvents,
  getMicroClinic,
  getStateEncounterTypes,
} from '../../src/features/booking/scheduling-api.ts';
import { resolveUrl } from '../../src/app/short-links.ts';
import {
  restartHrt,
  updateCedStatus,
  updateChrtStatus,
  updateFchrtStatus,
  updateHrtPatient,
} from '../../src/shared/api/status.ts';
import type { Contact, IdentityCustomer, LeadPayload, OrderPayload } from '../../src/contract/api-types.ts';

/*
 * Typed inputs equal to the request examples of schemas/api.openapi.json. The MSW handlers
 * compare every request with those examples, so a client function that names a field wrong,
 * forgets to JSON-encode one or puts it in the wrong place fails its test.
 */

export const LANDING_ID = 'RG9lamFuZS5kb2VAZXhhbXBsZS5jb20yMDI0LTA1LTAxTUlQ';
export const LEAD_LANDING_ID = 'RG9lamFuZS5kb2VAZXhhbXBsZS5jb20yMDI0LTA1LTAxTUlQLUgy';
export const CUSTOMER_ID = '100234';
export const IDEMPOTENCY_KEY = 'order-4f9c2b7e1a';
export const APPOINTMENT_ID = 'apt_9XkP2v';

export const CONTACT: Contact = {
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane.doe@example.com',
  phone: '2025550143',
};

export const ORDER: OrderPayload = {
  productId: '1682',
  landingId: LANDING_ID,
  billingToken: 'bill_5KpQ8wZ2rT',
  contact: CONTACT,
};

export const LEAD: LeadPayload = {
  landing_id: LANDING_ID,
  formId: 'MIP',
  pathCode: 'shrt1',
  answers: [
    { ref: 'energy-level', type: 'single-choice', value: ['Low'], questionId: 'q-energy' },
    { ref: 'birthdate', type: 'date', value: ['1980-02-29'], questionId: 'q-birthdate' },
    { ref: 'state', type: 'us-state', value: ['TX'], questionId: 'q-state' },
  ],
  ...CONTACT,
};

export const IDENTITY_CUSTOMER: IdentityCustomer = {
  firstName: 'Jane',
  lastName: 'Doe',
  birthdate: '1980-02-29',
  state: 'KY',
  idType: 'drivers-license',
  idNumber: 'K12345678',
  ssn: '123-45-6789',
};

type ExampleCalls = { [K in OperationId]: () => ReturnType<(typeof API_OPERATIONS)[K]> };

/** Every client function called with the contract's example request. */
export const EXAMPLE_CALLS: ExampleCalls = {
  createOrder: () => createOrder(ORDER, { idempotencyKey: IDEMPOTENCY_KEY }),
  createFollowOnProductOrder: () =>
    createFollowOnProductOrder(
      { productId: '1673', campaignId: '116', compOrder: true, landingId: LANDING_ID },
      { idempotencyKey: IDEMPOTENCY_KEY },
    ),
  getAnswers: () => getAnswers({ landing_id: LANDING_ID, formId: 'MIP' }),
  getAllergies: () => getAllergies({ customerId: CUSTOMER_ID }),
  getLead: () => getLead({ landing_id: LANDING_ID }),
  getPageQuestions: () => getPageQuestions({ formId: 'MIP', pageIds: ['about-you', 'symptoms'] }),
  getSymptomQuestions: () => getSymptomQuestions({ landing_id: LANDING_ID, customerId: CUSTOMER_ID }),
  saveBillingInfo: () =>
    saveBillingInfo({
      customer: {
        firstName: 'Jane',
        lastName: 'Doe',
        address: { line1: '100 Main St', city: 'Austin', state: 'TX', zip: '78701' },
        paymentToken: 'tok_visa_4242',
      },
      landingId: LANDING_ID,
    }),
  saveLead: () => saveLead({ lead: LEAD, scores: { symptoms: 14 }, landingId: LANDING_ID }),
  checkCustQualifications: () => checkCustQualifications(LEAD),
  getMarkdown: () => getMarkdown(['error404-ED', 'error404-HRT']),
  getOrder: () =>
    getOrder({
      customerId: CUSTOMER_ID,
      firstName: 'Jane',
      lastName: 'Doe',
      phoneNumber: '2025550143',
      emailAddress: 'jane.doe@example.com',
      medOrders: true,
    }),
  getKtCustomerLandingId: () => getKtCustomerLandingId({ ktCustomerId: CUSTOMER_ID }),
  getHasId: () => getHasId(CUSTOMER_ID),
  getCurrentScripts: () => getCurrentScripts(CUSTOMER_ID),
  updateKtOrderContinuous: () =>
    updateKtOrderContinuous(
      { ktCustomerId: CUSTOMER_ID, medicationEffectiveness: 'effective', isRestart: false },
      { sideEffects: 'none', doseChangeRequested: false },
    ),
  getKtOrderContinuous: () => getKtOrderContinuous({ ktCustomerId: CUSTOMER_ID, isRestart: false }),
  updateCedStatus: () => updateCedStatus({ landing_id: LANDING_ID }),
  updateChrtStatus: () => updateChrtStatus({ landing_id: LANDING_ID, leadLandingId: LEAD_LANDING_ID }),
  updateFchrtStatus: () => updateFchrtStatus({ landing_id: LANDING_ID, leadLandingId: LEAD_LANDING_ID }),
  newChrtZeroDollarOrder: () =>
    newChrtZeroDollarOrder(
      { landingId: LANDING_ID, productId: '1682', leadLandingId: LEAD_LANDING_ID },
      { idempotencyKey: IDEMPOTENCY_KEY },
    ),
  checkLinkChrt: () => checkLinkChrt({ landing_id: LANDING_ID }),
  checkLandingId: () => checkLandingId({ landing_id: LANDING_ID, pathCode: 'shrt1', formId: 'MIP' }),
  createOrderNonLinear: () => createOrderNonLinear(ORDER, { idempotencyKey: IDEMPOTENCY_KEY }),
  validateKtCustomerId: () => validateKtCustomerId({ ktCustomerId: CUSTOMER_ID }),
  updateHrtInfoCreateOrder: () =>
    updateHrtInfoCreateOrder(
      { landingId: LANDING_ID, productId: '1682', mpid: '1682', location: '/mhrt/payment/mhrt' },
      { idempotencyKey: IDEMPOTENCY_KEY },
    ),
  checkIdentity: () => checkIdentity(IDENTITY_CUSTOMER),
  identityCheck: () => identityCheck(IDENTITY_CUSTOMER),
  getTermsOfService: () => getTermsOfService({ version: '2024-01' }),
  getDeadEnd: () => getDeadEnd({ deadEndAnswer: 'under-18' }),
  getMicroClinic: () => getMicroClinic({ lat: 30.2672, lng: -97.7431 }),
  getStateEncounterTypes: () => getStateEncounterTypes('TX'),
  getAppointment: () => getAppointment({ appointmentId: APPOINTMENT_ID }),
  appointmentMade: () => appointmentMade({ appointmentId: APPOINTMENT_ID }),
  appointmentMadeFromFlow: () => appointmentMadeFromFlow({ appointmentId: APPOINTMENT_ID }),
  getEvents: () => getEvents({ eventType: 'hrt-consult', uriLike: 'hrt-consult' }),
  getAvailableDates: () => getAvailableDates('hrt-consult'),
  resolveUrl: () => resolveUrl({ hash: 'a1B2c3' }),
  getKtCustomer: () => getKtCustomer(CUSTOMER_ID),
  portalLogin: () => portalLogin('pl_6TnW3c'),
  commChangeConfirmation: () => commChangeConfirmation(CUSTOMER_ID),
  userEmailMf: () => userEmailMf({ email: 'jane.doe@example.com' }),
  userPhoneMf: () => userPhoneMf({ phone: '2025550143', gender: 'female' }),
  getReferral: () => getReferral(CUSTOMER_ID),
  createReferral: () =>
    createReferral({ referrerCustomerId: CUSTOMER_ID, friendEmail: 'sam@example.com', friendFirstName: 'Sam' }),
  getProductInfo: () =>
    getProductInfo({ id: '1682', category: 'hrt', type: 'mpid', campaignId: '116', compOrder: true }),
  updateHrtPatient: () =>
    updateHrtPatient({ mpid: '1684', landing_id: LANDING_ID, location: '/f/fmhrt/results/fmhrt' }),
  orderSaveSoapNotes: () =>
    orderSaveSoapNotes({
      landingId: LANDING_ID,
      notes: 'S: reports low energy. O: -. A: candidate for HRT. P: start therapy.',
    }),
  restartHrt: () => restartHrt({ ktCustomerId: CUSTOMER_ID, landingId: LANDING_ID }),
  verifyRecaptcha: () =>
    verifyRecaptcha({
      recaptchaToken: '03AFcWeA7x_example-token',
      action: 'submit_lead',
      email: 'jane.doe@example.com',
      phone: '2025550143',
    }),
};
