import type { Contact, IdentityCustomer, LeadPayload, OrderPayload } from '../../src/contract/api-types.ts';
import { API_OPERATIONS, type OperationId } from './client-operations.ts';

/*
 * Typed inputs equal to the request examples of schemas/api.openapi.json. The MSW handlers
 * compare every request with those examples, so a client function that names a field wrong,
 * forgets to JSON-encode one or puts it in the wrong place fails its test.
 */

export const LANDING_ID = 'RG9lfGphbmUuZG9lQGV4YW1wbGUuY29tfDIwMjQtMDUtMDF8TUlQ';
export const LEAD_LANDING_ID = 'RG9lfGphbmUuZG9lQGV4YW1wbGUuY29tfDIwMjQtMDUtMDF8TUlQLUgy';
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
  // The contract example's: hashes that stand for texts (the client is tested against a mock here).
  agreement: {
    documents: [
      { document: 'terms', version: 'terms-2026-12', sha256: `${'0'.repeat(63)}1` },
      { document: 'privacy', version: 'privacy-2026-12', sha256: `${'0'.repeat(63)}2` },
      { document: 'telehealth-consent', version: 'telehealth-consent-2026-12', sha256: `${'0'.repeat(63)}3` },
    ],
    statementSha256: `${'0'.repeat(63)}4`,
    shownOn: '2026-12-03',
    renewalAccepted: true,
    funnelVersion: '1a2b3c4d',
    step: '/payment/mhrt',
  },
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
/** The client functions, by operationId: a call below is checked against its operation's types. */
const op = API_OPERATIONS;

export const EXAMPLE_CALLS: ExampleCalls = {
  createOrder: () => op.createOrder(ORDER, { idempotencyKey: IDEMPOTENCY_KEY }),
  createFollowOnProductOrder: () =>
    op.createFollowOnProductOrder(
      { productId: '1673', campaignId: '116', compOrder: true, landingId: LANDING_ID },
      { idempotencyKey: IDEMPOTENCY_KEY },
    ),
  getAnswers: () => op.getAnswers({ landing_id: LANDING_ID, formId: 'MIP' }),
  getAllergies: () => op.getAllergies({ customerId: CUSTOMER_ID }),
  getLead: () => op.getLead({ landing_id: LANDING_ID }),
  getPageQuestions: () => op.getPageQuestions({ formId: 'MIP', pageIds: ['about-you', 'symptoms'] }),
  getSymptomQuestions: () => op.getSymptomQuestions({ landing_id: LANDING_ID, customerId: CUSTOMER_ID }),
  saveBillingInfo: () =>
    op.saveBillingInfo({
      customer: {
        firstName: 'Jane',
        lastName: 'Doe',
        address: { line1: '100 Main St', city: 'Austin', state: 'TX', zip: '78701' },
        paymentToken: 'tok_visa_4242',
      },
      landingId: LANDING_ID,
    }),
  saveLead: () => op.saveLead({ lead: LEAD, scores: { symptoms: 14 }, landingId: LANDING_ID }),
  checkCustQualifications: () => op.checkCustQualifications(LEAD),
  getMarkdown: () => op.getMarkdown(['error404-ED', 'error404-HRT']),
  getOrder: () =>
    op.getOrder({
      customerId: CUSTOMER_ID,
      firstName: 'Jane',
      lastName: 'Doe',
      phoneNumber: '2025550143',
      emailAddress: 'jane.doe@example.com',
      medOrders: true,
    }),
  getKtCustomerLandingId: () => op.getKtCustomerLandingId({ ktCustomerId: CUSTOMER_ID }),
  getHasId: () => op.getHasId(CUSTOMER_ID),
  getCurrentScripts: () => op.getCurrentScripts(CUSTOMER_ID),
  updateKtOrderContinuous: () =>
    op.updateKtOrderContinuous(
      { ktCustomerId: CUSTOMER_ID, medicationEffectiveness: 'effective', isRestart: false },
      { sideEffects: 'none', doseChangeRequested: false },
    ),
  getKtOrderContinuous: () => op.getKtOrderContinuous({ ktCustomerId: CUSTOMER_ID, isRestart: false }),
  updateCedStatus: () => op.updateCedStatus({ landing_id: LANDING_ID }),
  updateChrtStatus: () => op.updateChrtStatus({ landing_id: LANDING_ID, leadLandingId: LEAD_LANDING_ID }),
  updateFchrtStatus: () => op.updateFchrtStatus({ landing_id: LANDING_ID, leadLandingId: LEAD_LANDING_ID }),
  newChrtZeroDollarOrder: () =>
    op.newChrtZeroDollarOrder(
      { landingId: LANDING_ID, productId: '1682', leadLandingId: LEAD_LANDING_ID },
      { idempotencyKey: IDEMPOTENCY_KEY },
    ),
  checkLinkChrt: () => op.checkLinkChrt({ landing_id: LANDING_ID }),
  checkLandingId: () => op.checkLandingId({ landing_id: LANDING_ID, pathCode: 'shrt1', formId: 'MIP' }),
  createOrderNonLinear: () => op.createOrderNonLinear(ORDER, { idempotencyKey: IDEMPOTENCY_KEY }),
  validateKtCustomerId: () => op.validateKtCustomerId({ ktCustomerId: CUSTOMER_ID }),
  updateHrtInfoCreateOrder: () =>
    op.updateHrtInfoCreateOrder(
      { landingId: LANDING_ID, productId: '1682', mpid: '1682', location: '/mhrt/payment/mhrt' },
      { idempotencyKey: IDEMPOTENCY_KEY },
    ),
  checkIdentity: () => op.checkIdentity(IDENTITY_CUSTOMER),
  identityCheck: () => op.identityCheck(IDENTITY_CUSTOMER),
  getTermsOfService: () => op.getTermsOfService({ version: '2024-01' }),
  getDeadEnd: () => op.getDeadEnd({ deadEndAnswer: 'under-18' }),
  getMicroClinic: () => op.getMicroClinic({ lat: 30.2672, lng: -97.7431 }),
  getStateEncounterTypes: () => op.getStateEncounterTypes('TX'),
  getAppointment: () => op.getAppointment({ appointmentId: APPOINTMENT_ID }),
  appointmentMade: () => op.appointmentMade({ appointmentId: APPOINTMENT_ID }),
  appointmentMadeFromFlow: () => op.appointmentMadeFromFlow({ appointmentId: APPOINTMENT_ID }),
  getEvents: () => op.getEvents({ eventType: 'hrt-consult', uriLike: 'hrt-consult' }),
  getAvailableDates: () => op.getAvailableDates('hrt-consult'),
  resolveUrl: () => op.resolveUrl({ hash: 'a1B2c3' }),
  getKtCustomer: () => op.getKtCustomer(CUSTOMER_ID),
  portalLogin: () => op.portalLogin('pl_6TnW3c'),
  commChangeConfirmation: () => op.commChangeConfirmation(CUSTOMER_ID),
  userEmailMf: () => op.userEmailMf({ email: 'jane.doe@example.com' }),
  userPhoneMf: () => op.userPhoneMf({ phone: '2025550143', gender: 'female' }),
  getReferral: () => op.getReferral(CUSTOMER_ID),
  createReferral: () =>
    op.createReferral({ referrerCustomerId: CUSTOMER_ID, friendEmail: 'sam@example.com', friendFirstName: 'Sam' }),
  getProductInfo: () =>
    op.getProductInfo({ id: '1682', category: 'hrt', type: 'mpid', campaignId: '116', compOrder: true }),
  updateHrtPatient: () =>
    op.updateHrtPatient({ mpid: '1684', landing_id: LANDING_ID, location: '/f/fmhrt/results/fmhrt' }),
  orderSaveSoapNotes: () =>
    op.orderSaveSoapNotes({
      landingId: LANDING_ID,
      notes: 'S: reports low energy. O: -. A: candidate for HRT. P: start therapy.',
    }),
  restartHrt: () => op.restartHrt({ ktCustomerId: CUSTOMER_ID, landingId: LANDING_ID }),
  verifyRecaptcha: () =>
    op.verifyRecaptcha({
      recaptchaToken: '03AFcWeA7x_example-token',
      action: 'submit_lead',
      email: 'jane.doe@example.com',
      phone: '2025550143',
    }),
};
