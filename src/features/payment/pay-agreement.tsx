import { Alert, Anchor, Button, Checkbox, Stack, Text } from '@mantine/core';
import { forwardRef, useEffect, useMemo, type ReactNode } from 'react';
import type { LegalDocumentId } from '../../contract/api-types.ts';
import type { Site } from '../../engine/config-types.ts';
import {
  AGREE_DOCUMENT_NAMES,
  AGREE_LEAD,
  agreementStatement,
  calendarDayOf,
  receiptRenewalLines,
  type CancelContact,
  type Renewal,
} from '../../domain/agreement.ts';
import { LEGAL_DOCUMENTS, legalPagePath } from '../../domain/legal-documents.ts';
import { telHref } from '../../shared/layout/phone.ts';

/** What the statement is made of: the amount charged today, the renewal, the patient's day, how to cancel. */
export interface StatementTerms {
  /** The amount as the API writes it ('$99.00'). */
  amount: string;
  renewal: Renewal | null;
  /** The patient's calendar day (YYYY-MM-DD) the statement is made for. */
  shownOn: string;
  cancel: CancelContact;
}

/** What the statement next to Pay shows (src/domain/agreement.ts `agreementStatement`). */
export interface PayAgreementProps {
  site: Site;
  terms: StatementTerms;
  /**
   * Told the statement's exact text (one paragraph a line) and its day whenever it is drawn
   * anew: what the Pay press hashes is what the patient reads.
   */
  onShown: (shown: { text: string; shownOn: string }) => void;
  renewalAccepted: boolean;
  onRenewalChange: (accepted: boolean) => void;
  /** Why Pay was refused here (the box is not ticked), or null. */
  renewalError: string | null;
  /** The terms could not be loaded: what to say, and a way to try again; null when they are here. */
  loadProblem: { message: string; onRetry: () => void } | null;
  /** The server said the terms changed since the page was shown (each time a new count): said above the statement. */
  termsChanged: boolean;
  disabled: boolean;
}

/** A document's page, in a new tab: the card form here keeps what was typed. */
function DocumentLink({ site, document, children }: { site: Site; document: LegalDocumentId; children: ReactNode }) {
  return (
    <Anchor href={legalPagePath(site, document)} target="_blank" rel="noopener" inherit>
      {children}
    </Anchor>
  );
}

/**
 * The agreement before money (issue 38 point 3), right above Pay: the Terms, Privacy Policy
 * and telehealth consent as links, what paying means, and for a plan that renews the amount,
 * the interval, the next charge, how to cancel and a box to agree to the renewal, unticked.
 * Every word is the statement's (agreementStatement): its text is what the order's hash names,
 * so the links and the contact details are drawn inside the same sentences.
 */
export const PayAgreement = forwardRef<HTMLInputElement, PayAgreementProps>(function PayAgreement(
  {
    site,
    terms: statementTerms,
    onShown,
    renewalAccepted,
    onRenewalChange,
    renewalError,
    loadProblem,
    termsChanged,
    disabled,
  },
  boxRef,
) {
  const { amount, renewal, shownOn, cancel } = statementTerms;
  const paragraphs = useMemo(() => {
    const today = calendarDayOf(shownOn);
    return today === null ? [] : agreementStatement({ amount, renewal, today, cancel });
  }, [amount, renewal, shownOn, cancel]);
  const text = paragraphs.join('\n');
  useEffect(() => {
    onShown({ text, shownOn });
  }, [onShown, text, shownOn]);
  const renews = renewal !== null;
  const [, ...rest] = paragraphs;
  const box = renews ? rest.at(-1) : undefined;
  const middle = renews ? rest.slice(0, -1) : rest;
  const cancelSentence = renews ? middle.at(-1) : undefined;
  const plain = renews ? middle.slice(0, -1) : middle;
  const [terms, privacy, consent] = AGREE_DOCUMENT_NAMES;
  const [termsId, privacyId, consentId] = LEGAL_DOCUMENTS as readonly [
    LegalDocumentId,
    LegalDocumentId,
    LegalDocumentId,
  ];
  return (
    <Stack gap="xs" data-testid="pay-agreement">
      {termsChanged && (
        <Alert color="yellow" role="alert" title="Our terms have changed">
          Nothing was charged. Please read what paying means now, below, then press Pay again. Your details are kept.
        </Alert>
      )}
      {loadProblem !== null && (
        <Alert color="red" role="alert" title="We could not load our terms">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{loadProblem.message}</Text>
            <Button variant="default" size="xs" onClick={loadProblem.onRetry}>
              Try again
            </Button>
          </Stack>
        </Alert>
      )}
      <Text size="sm">
        {AGREE_LEAD}{' '}
        <DocumentLink site={site} document={termsId}>
          {terms}
        </DocumentLink>
        ,{' '}
        <DocumentLink site={site} document={privacyId}>
          {privacy}
        </DocumentLink>{' '}
        and{' '}
        <DocumentLink site={site} document={consentId}>
          {consent}
        </DocumentLink>
        .
      </Text>
      {plain.map((paragraph) => (
        <Text size="sm" key={paragraph} fw={renews ? 600 : undefined}>
          {paragraph}
        </Text>
      ))}
      {cancelSentence !== undefined && (
        <Text size="sm">
          Cancel anytime before your next charge in your account at{' '}
          <Anchor href={cancel.portalLink} target="_blank" rel="noopener" inherit>
            {cancel.portalLink}
          </Anchor>
          , by email at{' '}
          <Anchor href={`mailto:${cancel.supportEmail}`} inherit>
            {cancel.supportEmail}
          </Anchor>{' '}
          or by phone at{' '}
          <Anchor href={telHref(cancel.phone)} inherit>
            {cancel.phone}
          </Anchor>
          .
        </Text>
      )}
      {box !== undefined && (
        <Checkbox
          ref={boxRef}
          label={box}
          checked={renewalAccepted}
          onChange={(event) => {
            onRenewalChange(event.currentTarget.checked);
          }}
          error={renewalError}
          disabled={disabled}
          required
        />
      )}
    </Stack>
  );
});

/**
 * The receipt's word on later charges (issue 38 point 3): for a plan that renews its amount,
 * interval, next charge and how to cancel, counted from the day its statement was agreed; for a
 * one-time charge that it is not charged again.
 */
export function RenewalLines({ terms }: { terms: StatementTerms }) {
  const today = calendarDayOf(terms.shownOn);
  if (today === null) return null;
  const lines = receiptRenewalLines({ ...terms, today });
  return (
    <>
      {lines.map((line, index) => (
        <Text key={line} fw={index === 0 ? 600 : undefined}>
          {line}
        </Text>
      ))}
    </>
  );
}
