import type {
  FollowOnProduct,
  PathCode,
  Product,
  ProductCategory,
  ProductId,
  ProductKind,
} from '../../contract/api-types.ts';
import productsFile from '../../../config/products.json';
import { DEFAULT_PRICE } from '../../domain/money.ts';
import type { ProductsFile, Site } from '../../engine/config-types.ts';

/** Read here only, so the first load of other pages does not carry it. */
const products = productsFile as ProductsFile;

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
 * The product to fetch for a campaign (SPEC §7), as config/products.json gives it: its id and
 * type, the id the link's `mpid` query chooses when it is one the config allows (fmhrt), and
 * its follow-on (mhrt). A product limited to one site gives nothing on the other. Every other
 * code sends the string 'undefined' with type product, as the API expects.
 */
export function productRequestFor(pathCode: PathCode, mpidQuery: string | undefined, site: Site): ProductRequest {
  const category = productCategoryFor(site);
  const code = pathCode.toLowerCase();
  const product = Object.hasOwn(products.byCode, code) ? products.byCode[code] : undefined;
  if (product === undefined || (product.site !== undefined && product.site !== site))
    return { id: NO_PRODUCT_ID, category, type: 'product' };
  const fromQuery = mpidQuery !== undefined && product.mpidFromQuery?.includes(mpidQuery) === true;
  return {
    id: fromQuery ? mpidQuery : product.productId,
    category,
    type: product.type,
    ...(product.followOn === undefined ? {} : { followOn: { ...product.followOn } }),
  };
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
    total: hasId ? product.total : DEFAULT_PRICE,
  };
}
