import productsFile from '../../config/products.json';
import type { ProductsFile, Site } from '../engine/config-types.ts';
import type { Renewal } from './agreement.ts';
import type { FollowOnProduct, PathCode, ProductCategory, ProductId, ProductKind } from '../contract/api-types.ts';

/**
 * Which product a campaign code sells on a brand's site: the payment page fetches it and the
 * order names it; the server takes the order's product from the same brand's category. Read
 * by the payment feature (loaded with the payment page only) and the server; it imports no
 * config the first page does, so it moves no bytes into the first load (e2e/first-load.spec.ts).
 */

const products = productsFile as ProductsFile;

/** What the product fetch is asked for (SPEC §7). */
export interface ProductRequest {
  /** Digits: a product of config/products.json, never the string 'undefined'. */
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
 * its follow-on (mhrt). A code that names no product, or names one sold only on the other
 * site, gets its brand's own (`bySite`: the consultation), so the page always asks for a
 * product by id and the order always names one of its brand (issue 24: the string 'undefined'
 * sent here made the men's order match the women's default row).
 */
export function productRequestFor(pathCode: PathCode, mpidQuery: string | undefined, site: Site): ProductRequest {
  const category = productCategoryFor(site);
  const code = pathCode.toLowerCase();
  const product = Object.hasOwn(products.byCode, code) ? products.byCode[code] : undefined;
  if (product === undefined || (product.site !== undefined && product.site !== site)) {
    const brandProduct = products.bySite[site];
    return { id: brandProduct.productId, category, type: brandProduct.type };
  }
  const fromQuery = mpidQuery !== undefined && product.mpidFromQuery?.includes(mpidQuery) === true;
  return {
    id: fromQuery ? mpidQuery : product.productId,
    category,
    type: product.type,
    ...(product.followOn === undefined ? {} : { followOn: { ...product.followOn } }),
  };
}

/**
 * How a product renews (config/products.json `renewals`), or null for a one-time charge: the
 * Pay page states it and asks it to be agreed to, and the receipt repeats it (issue 38).
 */
export function renewalFor(productId: ProductId): Renewal | null {
  const renewals = products.renewals ?? {};
  const renewal = Object.hasOwn(renewals, productId) ? renewals[productId] : undefined;
  return renewal === undefined ? null : { every: renewal.every };
}
