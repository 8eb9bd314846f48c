import type {
  FollowOnProduct,
  PathCode,
  Product,
  ProductCategory,
  ProductId,
  ProductKind,
} from '../../contract/api-types.ts';
import type { Site } from '../../engine/config-types.ts';

/** The price shown when no product id is given (SPEC §5, §9). */
export const DEFAULT_TOTAL = '$99';
/** The quantity of an order unless the product says otherwise (SPEC §3, §9). */
export const DEFAULT_QUANTITY = 1;
/** What the product fetch sends as id when there is none (SPEC §7). */
export const NO_PRODUCT_ID = 'undefined';

/** What the product fetch is asked for (SPEC §7). */
export interface ProductRequest {
  /** Digits, or the string 'undefined'. */
  id: ProductId;
  category: ProductCategory;
  type: ProductKind;
  followOn?: FollowOnProduct;
}

/** The product category of a brand: hrt for the men's site, fhrt for the women's. */
export function productCategoryFor(site: Site): ProductCategory {
  return site === 'female' ? 'fhrt' : 'hrt';
}

/**
 * The ED medicine each ED checkout code sells (SPEC §3's ED codes with a /mip/checkout step):
 * the tadalafil codes (daily tadalafil, Cialis) 1690, the Viagra codes 1691. SPEC names no
 * product for them; without one they were sold the HRT consultation, lab review included.
 */
const ED_PRODUCT_IDS: Readonly<Record<string, ProductId>> = {
  dailytada: '1690',
  dailytada2: '1690',
  groupdc: '1690',
  groupc: '1690',
  '6cial': '1690',
  callcenter: '1690',
  groupv: '1691',
  '6via': '1691',
};

/**
 * The product to fetch for a campaign (SPEC §7): `fmhrt` is 1664, or 1684 when the `mpid`
 * query is 1684, of type mpid; `mhrt` is 1682 of type mpid with follow-on 1673 in campaign
 * 116 (compOrder); an ED checkout code its ED medicine (ED_PRODUCT_IDS) of type product; every
 * other code sends the string 'undefined' with type product, as the API expects.
 */
export function productRequestFor(pathCode: PathCode, mpidQuery: string | undefined, site: Site): ProductRequest {
  const category = productCategoryFor(site);
  const code = pathCode.toLowerCase();
  const edProduct = Object.hasOwn(ED_PRODUCT_IDS, code) ? ED_PRODUCT_IDS[code] : undefined;
  if (edProduct !== undefined && site === 'male') return { id: edProduct, category, type: 'product' };
  switch (code) {
    case 'fmhrt':
      return { id: mpidQuery === '1684' ? '1684' : '1664', category, type: 'mpid' };
    case 'mhrt':
      return {
        id: '1682',
        category,
        type: 'mpid',
        followOn: { productId: '1673', campaignId: '116', compOrder: true },
      };
    default:
      return { id: NO_PRODUCT_ID, category, type: 'product' };
  }
}

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
    total: hasId ? product.total : DEFAULT_TOTAL,
  };
}
