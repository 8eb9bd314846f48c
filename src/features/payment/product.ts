import type { Product, ProductId } from '../../contract/api-types.ts';
import { DEFAULT_PRICE } from '../../domain/money.ts';

/** The quantity of an order unless the product says otherwise (SPEC §3, §9). */
export const DEFAULT_QUANTITY = 1;
/**
 * What SPEC §7's product fetch sends as id when there is none. The app always has one now
 * (src/domain/product-choice.ts); a product answered for it still gets the default price.
 */
export const NO_PRODUCT_ID = 'undefined';

/** A product as the fetch may return it, before defaults. */
export type ProductResponse = Omit<Product, 'quantity' | 'salePrice'> & { quantity?: number; salePrice?: string };

/**
 * Applies the product defaults (SPEC §5, §9): quantity 1 unless a positive whole number is
 * given; without a product id the total is forced to '$99' and the sale price emptied, so
 * the patient never sees a price for a product that was not chosen.
 */
export function withProductDefaults(product: ProductResponse, productId: ProductId | undefined): Product {
  const quantity =
    product.quantity !== undefined && Number.isInteger(product.quantity) && product.quantity > 0
      ? product.quantity
      : DEFAULT_QUANTITY;
  const hasId = productId !== undefined && productId !== '' && productId !== NO_PRODUCT_ID;
  return {
    ...product,
    quantity,
    salePrice: hasId ? (product.salePrice ?? '') : '',
    total: hasId ? product.total : DEFAULT_PRICE,
  };
}
