/** `tel:` address of a phone number as people write it: `(888) 555-0142` becomes `tel:8885550142`. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/\D/g, '')}`;
}
