/** The character that stands for a hidden one. */
const HIDDEN = '•';

function maskPart(part: string): string {
  if (part.length <= 2) return `${part.slice(0, 1)}${HIDDEN.repeat(3)}`;
  return `${part.slice(0, 1)}${HIDDEN.repeat(3)}${part.slice(-1)}`;
}

/**
 * An email as a page may show it to whoever holds the link: the first and last letter of the
 * name, the first letter of the domain and its ending (`jane.doe@example.com` becomes
 * `j•••e@e•••.com`). Enough for the patient to recognise, too little to harvest.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return HIDDEN.repeat(5);
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const ending = dot > 0 ? domain.slice(dot) : '';
  return `${maskPart(local)}@${host.slice(0, 1)}${HIDDEN.repeat(3)}${ending}`;
}

/** A phone number with only its last four digits shown: `(•••) •••-0143`. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const last4 = digits.length >= 4 ? digits.slice(-4) : HIDDEN.repeat(4);
  return `(${HIDDEN.repeat(3)}) ${HIDDEN.repeat(3)}-${last4}`;
}
