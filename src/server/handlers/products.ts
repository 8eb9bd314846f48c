import type { Db } from '../database.ts';
import { DEFAULT_PRICE } from '../../domain/money.ts';
import { productCategoryFor } from '../../domain/product-choice.ts';
import type { Site } from '../../engine/config-types.ts';
import type { OperationHandler } from '../operation.ts';
import { flag, notFound, ok, optionalText, present, stored, text } from './support.ts';
import { statement } from '../database.ts';

export interface ProductRow {
  external_id: string;
  category: 'hrt' | 'fhrt';
  type: 'product' | 'mpid';
  is_default: number;
  campaign_id: string | null;
  comp_order: number | null;
  brand: string | null;
  name: string;
  description: string | null;
  message: string | null;
  package_includes_json: string;
  includes_detail_json: string;
  price: string;
  quantity: number;
  sale_price: string;
  shipping: string | null;
  total: string;
  mp_id: string | null;
}

/** The id the product fetch sends when the page has no product (SPEC §7). */
const NO_PRODUCT_ID = 'undefined';

/** A product as the contract's Product schema gives it. */
export function productView(row: ProductRow): Record<string, unknown> {
  return present({
    externalId: row.external_id,
    category: row.category,
    type: row.type,
    brand: row.brand,
    description: row.description,
    externalCampaignId: row.campaign_id,
    message: row.message,
    name: row.name,
    packageIncludes: stored(row.package_includes_json) as string[],
    includesDetail: stored(row.includes_detail_json) as string[],
    price: row.price,
    quantity: row.quantity,
    salePrice: row.sale_price,
    shipping: row.shipping,
    total: row.total,
    mpId: row.mp_id,
  });
}

/**
 * A product an order names, in the category of the brand it is ordered on (the request's site:
 * hrt on the men's, fhrt on the women's). Never by id alone: each brand's consultation is
 * product 0, and an id alone matched the women's row for a man's order (issue 24).
 */
export function findProduct(db: Db, productId: string, site: Site): ProductRow | undefined {
  return statement<[string, string], ProductRow>(
    db,
    'SELECT * FROM products WHERE external_id = ? AND category = ?',
  ).get(productId, productCategoryFor(site));
}

/**
 * A product as GET /memoForm/getProductInfo answers for an id and a category (no campaign, not
 * complimentary), or undefined when there is none. The id 'undefined' (no product on the page)
 * answers the category's default product with total '$99' and no sale price (SPEC §5).
 */
export function productAnswer(db: Db, id: string, category: string): Record<string, unknown> | undefined {
  if (id === NO_PRODUCT_ID) {
    const fallback = statement<[string], ProductRow>(
      db,
      'SELECT * FROM products WHERE category = ? AND is_default = 1',
    ).get(category);
    return fallback === undefined ? undefined : { ...productView(fallback), total: DEFAULT_PRICE, salePrice: '' };
  }
  const product = statement<[string, string], ProductRow>(
    db,
    'SELECT * FROM products WHERE external_id = ? AND category = ?',
  ).get(id, category);
  return product === undefined ? undefined : productView(product);
}

/**
 * GET /memoForm/getProductInfo: a product by id and category (productAnswer). A follow-on
 * product asked for with its campaign must be in that campaign; with compOrder true it is
 * complimentary, so its sale price and total are $0.00.
 */
const getProductInfo: OperationHandler = ({ db, query }) => {
  const id = text(query, 'id');
  const category = text(query, 'category');
  const product =
    productAnswer(db, id, category) ??
    notFound(
      id === NO_PRODUCT_ID
        ? 'No default product is set for this category.'
        : 'No product with this id (other than undefined).',
    );
  // The page's default product is answered as it is, whatever else was asked.
  if (id === NO_PRODUCT_ID) return ok(product);
  const campaignId = optionalText(query, 'campaignId');
  if (campaignId !== undefined && product.externalCampaignId !== campaignId)
    notFound('No product with this id in this campaign.');
  if (flag(query, 'compOrder') === true) return ok({ ...product, salePrice: '$0.00', total: '$0.00' });
  return ok(product);
};

export const PRODUCT_HANDLERS = { getProductInfo } satisfies Record<string, OperationHandler>;
