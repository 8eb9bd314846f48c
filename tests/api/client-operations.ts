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

/**
 * The client function of every operation of schemas/api.openapi.json, by operationId, so a
 * test can check that no operation of the contract is missing from the client.
 */
export const API_OPERATIONS = {
  createOrder,
  createFollowOnProductOrder,
  getAnswers,
  getAllergies,
  getLead,
  getPageQuestions,
  getSymptomQuestions,
  saveBillingInfo,
  saveLead,
  checkCustQualifications,
  getMarkdown,
  getOrder,
  getKtCustomerLandingId,
  getHasId,
  getCurrentScripts,
  updateKtOrderContinuous,
  getKtOrderContinuous,
  updateCedStatus,
  updateChrtStatus,
  updateFchrtStatus,
  newChrtZeroDollarOrder,
  checkLinkChrt,
  checkLandingId,
  createOrderNonLinear,
  validateKtCustomerId,
  updateHrtInfoCreateOrder,
  checkIdentity,
  identityCheck,
  getTermsOfService,
  getDeadEnd,
  getMicroClinic,
  getStateEncounterTypes,
  getAppointment,
  appointmentMade,
  appointmentMadeFromFlow,
  getEvents,
  getAvailableDates,
  resolveUrl,
  getKtCustomer,
  portalLogin,
  commChangeConfirmation,
  userEmailMf,
  userPhoneMf,
  getReferral,
  createReferral,
  getProductInfo,
  updateHrtPatient,
  orderSaveSoapNotes,
  restartHrt,
  verifyRecaptcha,
} as const;

/** The operationId of a contract operation. */
export type OperationId = keyof typeof API_OPERATIONS;
