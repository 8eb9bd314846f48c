import { expect, test } from 'vitest';
import { withProductDefaults } from '../../src/features/payment/product.ts';
import { productRequestFor } from '../../src/domain/product-choice.ts';
import type { ProductResponse } from '../../src/features/payment/product.ts';
import { isOnSale, shippingText } from '../../src/features/payment/product-summary.tsx';

const response: ProductResponse = {
  externalId: '1682',
  category: 'hrt',
  type: 'mpid',
  name: 'Testosterone program',
  price: '$149.00',
  salePrice: '$129.00',
  total: '$129.00',
};

test('fmhrt fetches 1664 of type mpid, or 1684 when the mpid query is 1684', () => {
  expect(productRequestFor('fmhrt', undefined, 'female')).toEqual({ id: '1664', category: 'fhrt', type: 'mpid' });
  expect(productRequestFor('fmhrt', '1684', 'female')).toEqual({ id: '1684', category: 'fhrt', type: 'mpid' });
  expect(productRequestFor('fmhrt', '1999', 'female').id).toBe('1664');
});

test('mhrt fetches 1682 of type mpid with follow-on 1673 in campaign 116', () => {
  expect(productRequestFor('mhrt', undefined, 'male')).toEqual({
    id: '1682',
    category: 'hrt',
    type: 'mpid',
    followOn: { productId: '1673', campaignId: '116', compOrder: true },
  });
});

test('an ED checkout code asks for its ED medicine on the men’s site: daily tadalafil, or sildenafil for the Viagra codes', () => {
  for (const code of ['dailytada', 'DailyTada2', 'groupdc', 'groupc', '6cial', 'callcenter']) {
    expect(productRequestFor(code, undefined, 'male')).toEqual({ id: '1690', category: 'hrt', type: 'product' });
  }
  for (const code of ['groupv', '6via']) {
    expect(productRequestFor(code, undefined, 'male')).toEqual({ id: '1691', category: 'hrt', type: 'product' });
  }
  expect(productRequestFor('constructor', undefined, 'male').id).toBe('0');
});

test('every other code asks for its brand’s consultation by id, in the brand category: never the string undefined', () => {
  // Issue 24: with 'undefined' the men's order matched the women's default row, and the man was stored as a woman.
  expect(productRequestFor('shrt', '1684', 'male')).toEqual({ id: '0', category: 'hrt', type: 'product' });
  expect(productRequestFor('fshrt', undefined, 'female')).toEqual({ id: '0', category: 'fhrt', type: 'product' });
  // A code whose product is sold on the other site gets this site's own.
  expect(productRequestFor('groupv', undefined, 'female')).toEqual({ id: '0', category: 'fhrt', type: 'product' });
});

test('with a product id, the prices are kept and quantity defaults to 1', () => {
  expect(withProductDefaults(response, '1682')).toEqual({ ...response, quantity: 1 });
  expect(withProductDefaults({ ...response, quantity: 3 }, '1682').quantity).toBe(3);
  expect(withProductDefaults({ ...response, quantity: 0 }, '1682').quantity).toBe(1);
  expect(withProductDefaults({ ...response, quantity: 1.5 }, '1682').quantity).toBe(1);
});

test('without a product id, total is $99 and the sale price is empty', () => {
  for (const id of [undefined, '', 'undefined']) {
    const product = withProductDefaults(response, id);
    expect(product.total).toBe('$99');
    expect(product.salePrice).toBe('');
    expect(product.price).toBe('$149.00');
    expect(product.quantity).toBe(1);
  }
});

test('a missing sale price is shown as empty', () => {
  expect(withProductDefaults({ ...response, salePrice: undefined }, '1682').salePrice).toBe('');
});

test('a sale is a sale price of another amount: $99 is $99.00; shipping at no cost reads Free', () => {
  const product = withProductDefaults(response, '1682');
  expect(isOnSale(product)).toBe(true);
  expect(isOnSale({ ...product, price: '$99.00', salePrice: '$99' })).toBe(false);
  expect(isOnSale({ ...product, salePrice: '' })).toBe(false);
  expect(shippingText('$0.00')).toBe('Free');
  expect(shippingText('$5.00')).toBe('$5');
  expect(shippingText('$4.50')).toBe('$4.50');
});
