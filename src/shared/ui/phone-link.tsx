import { Anchor } from '@mantine/core';
import { useBrand } from '../brand/brand-context.tsx';
import { telHref } from '../layout/phone.ts';

/**
 * The brand's phone number, as a call link: the one way the app shows it, so a phone can dial it
 * from any page, and it is never broken across two lines (src/app/design.css, `a[href^='tel:']`).
 */
export function PhoneLink({ className }: { className?: string }) {
  const { brand } = useBrand();
  return (
    <Anchor href={telHref(brand.phone)} className={className}>
      {brand.phone}
    </Anchor>
  );
}
