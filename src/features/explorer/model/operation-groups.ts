// The explorer's list: every operation of the product in the spec's groups, each with a short title.
import { operationNames, operationRoutes, operationTags, type OperationName } from '../../../xs2a';

/** What each operation does, in a few words. */
export const operationTitles: Record<OperationName, string> = {
  initiatePayment: 'Initiate a payment',
  getPaymentInformation: 'Read a payment',
  getPaymentInitiationStatus: 'Read a payment’s status',
  cancelPayment: 'Cancel a payment',
  startPaymentAuthorisation: 'Start a payment’s authorisation',
  startPaymentInitiationCancellationAuthorisation: 'Start the authorisation of a payment’s cancellation',
  getPaymentInitiationAuthorisation: 'List a payment’s authorisations',
  getPaymentInitiationCancellationAuthorisationInformation: 'List a payment’s cancellation authorisations',
  getPaymentInitiationScaStatus: 'Read the SCA status of a payment’s authorisation',
  getPaymentCancellationScaStatus: 'Read the SCA status of a cancellation authorisation',
  updatePaymentPsuData: 'Update PSU data of a payment’s authorisation',
  updatePaymentCancellationPsuData: 'Update PSU data of a cancellation authorisation',
  createConsent: 'Create a consent',
  getConsentInformation: 'Read a consent',
  deleteConsent: 'Delete a consent',
  getConsentStatus: 'Read a consent’s status',
  startConsentAuthorisation: 'Start a consent’s authorisation',
  getConsentAuthorisation: 'List a consent’s authorisations',
  getConsentScaStatus: 'Read the SCA status of a consent’s authorisation',
  updateConsentsPsuData: 'Update PSU data of a consent’s authorisation',
  getAccountList: 'List the accounts',
  readAccountDetails: 'Read an account',
  getBalances: 'Read an account’s balances',
  getTransactionList: 'Read an account’s transactions',
  getTransactionDetails: 'Read one transaction',
  getCardAccountList: 'List the card accounts',
  readCardAccountDetails: 'Read a card account',
  getCardAccountBalances: 'Read a card account’s balances',
  getCardAccountTransactionList: 'Read a card account’s transactions',
  checkAvailabilityOfFunds: 'Confirm the availability of funds',
  createSigningBasket: 'Create a signing basket',
  getSigningBasket: 'Read a signing basket',
  deleteSigningBasket: 'Delete a signing basket',
  getSigningBasketStatus: 'Read a signing basket’s status',
  startSigningBasketAuthorisation: 'Start a signing basket’s authorisation',
  getSigningBasketAuthorisation: 'List a signing basket’s authorisations',
  getSigningBasketScaStatus: 'Read the SCA status of a signing basket’s authorisation',
  updateSigningBasketPsuData: 'Update PSU data of a signing basket’s authorisation',
};

export interface OperationGroup {
  id: string;
  title: string;
  description: string;
  operations: OperationName[];
}

/**
 * The authorisations' own operations. 1.3.12 also tags a basket's deletion and status read as Common Services; they are
 * listed with the basket.
 */
const isSca = (name: OperationName) =>
  (operationTags[name].includes('common') && operationRoutes[name].area !== 'sbs') ||
  /Authorisation|PsuData|ScaStatus/.test(name);

/**
 * Payment initiation, account information, confirmation of funds, signing baskets, and the authorisations of them all (the spec's Common Services: starting an
 * authorisation, its SCA status, and the update-PSU-data steps).
 */
export const operationGroups: OperationGroup[] = [
  {
    id: 'pis',
    title: 'Payment initiation (PIS)',
    description: 'Initiate, read and cancel payments.',
    operations: operationNames.filter((name) => operationRoutes[name].area === 'pis' && !isSca(name)),
  },
  {
    id: 'ais',
    title: 'Account information (AIS)',
    description: 'Consents, and the account data they give access to.',
    operations: operationNames.filter((name) => operationRoutes[name].area === 'ais' && !isSca(name)),
  },
  {
    id: 'piis',
    title: 'Confirmation of funds (PIIS)',
    description: 'Ask whether an amount is available on an account now.',
    operations: operationNames.filter((name) => operationRoutes[name].area === 'piis'),
  },
  {
    id: 'sbs',
    title: 'Signing baskets (SBS)',
    description: 'Collect payments and consents that wait for their authorisation, and authorise them with one SCA.',
    operations: operationNames.filter((name) => operationRoutes[name].area === 'sbs' && !isSca(name)),
  },
  {
    id: 'common',
    title: 'Authorisations and update PSU data (Common Services)',
    description:
      'Start an authorisation, take its SCA steps and read its status, for payments, cancellations, consents and signing baskets.',
    operations: operationNames.filter(isSca),
  },
];

export function isOperationName(name: string | undefined): name is OperationName {
  return name !== undefined && Object.hasOwn(operationRoutes, name);
}
