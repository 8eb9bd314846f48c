import { Card, Divider, Group, List, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Product } from '../../contract/api-types.ts';
import { centsOfMoney, formatMoney } from '../../domain/money.ts';

/**
 * Shipping as a patient reads it: "Free" for a zero amount ("$0.00" beside a "$99" price reads
 * like a formatting slip), the amount in the one price format otherwise.
 */
export function shippingText(shipping: string): string {
  return centsOfMoney(shipping) === 0 ? 'Free' : formatMoney(shipping);
}

/** Whether the product is on sale: a sale price of another amount than the price ('$99' is '$99.00'). */
export function isOnSale(product: Product): boolean {
  if (product.salePrice === '') return false;
  const sale = centsOfMoney(product.salePrice);
  const price = centsOfMoney(product.price);
  return sale === null || price === null ? product.salePrice !== product.price : sale !== price;
}

function Row({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text component="dt" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text component="dd" m={0} fw={strong ? 700 : 400} ta="right">
        {children}
      </Text>
    </Group>
  );
}

/**
 * What the patient is paying for: the product's name, description and what the package
 * includes, then the price (the regular price struck through when there is a sale),
 * shipping and the total, as the product fetch gives them, in the one price format (formatMoney).
 */
export function ProductSummary({ product }: { product: Product }) {
  const includes = [...(product.packageIncludes ?? []), ...(product.includesDetail ?? [])];
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="order-summary-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="order-summary-title">
          Your order
        </Title>
        <Text fw={600}>{product.name}</Text>
        {product.description !== undefined && product.description !== '' && <Text>{product.description}</Text>}
        {includes.length > 0 && (
          <>
            <Title order={3} size="h5">
              What&apos;s included
            </Title>
            <List size="sm" spacing={4}>
              {includes.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
          </>
        )}
        {product.message !== undefined && product.message !== '' && (
          <Text size="sm" c="dimmed">
            {product.message}
          </Text>
        )}
        <Divider />
        <Stack component="dl" gap={4} m={0}>
          <Row label="Price">
            {isOnSale(product) ? (
              <>
                <s>
                  <VisuallyHidden>Regular price </VisuallyHidden>
                  {formatMoney(product.price)}
                </s>{' '}
                <VisuallyHidden>Sale price </VisuallyHidden>
                <span>{formatMoney(product.salePrice)}</span>
              </>
            ) : (
              formatMoney(product.price)
            )}
          </Row>
          {product.shipping !== undefined && <Row label="Shipping">{shippingText(product.shipping)}</Row>}
          <Row label="Total" strong>
            {formatMoney(product.total)}
          </Row>
        </Stack>
      </Stack>
    </Card>
  );
}
