import { discountPercent, formatGBP, type Product, savingAmount } from '@site/shared';
import { Link } from 'react-router-dom';
import { Img } from '../../../components/ui/Img';
import { loginHref } from '../queries';
import { StarRating } from './StarRating';

const button = 'block w-full rounded-full px-4 py-2 text-center text-sm font-semibold';

/**
 * One product in the shop grid and in "related products" (spec §2 Shop card). `sizes`: the width of
 * the grid cell it sits in, which differs between the two (`picture-sizes.ts`); `eager` for the list's first card.
 */
export function ProductCard({
  product,
  signedIn,
  sizes,
  eager,
}: {
  product: Product;
  signedIn: boolean;
  sizes: string;
  eager?: boolean;
}) {
  const discount = discountPercent(product.price, product.originalPrice);
  const saving = savingAmount(product.price, product.originalPrice);
  const href = `/product/${product.id}`;
  return (
    // No content-visibility here: off-screen cards sized by a guess (440 px) grew to their real height
    // as a phone reader scrolled, 2,900 px in all, so End and the scrollbar undershot (issue 26).
    <article
      className="flex flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm"
      data-testid="product-card"
    >
      <div className="relative aspect-square overflow-hidden bg-stone-100">
        {product.imageUrl && (
          <Img
            src={product.imageUrl}
            sizes={sizes}
            eager={eager}
            alt={product.title}
            width={400}
            height={400}
            className="h-full w-full object-cover"
          />
        )}
        {discount !== null && (
          <span className="absolute left-3 top-3 rounded-full bg-brand-700 px-2 py-1 text-xs font-bold text-white">
            {discount}% OFF
          </span>
        )}
        {!product.inStock && (
          <div className="absolute inset-0 flex items-center justify-center bg-stone-900/60">
            <span className="rounded-full bg-white px-3 py-1 text-sm font-semibold text-stone-900">
              Out of Stock
            </span>
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-semibold uppercase tracking-wide text-sage-600">
          {product.vendor || 'Featured'}
        </p>
        <h3 className="font-serif text-lg font-semibold leading-snug text-stone-900">
          {signedIn ? (
            <Link to={href} className="hover:underline">
              {product.title}
            </Link>
          ) : (
            product.title
          )}
        </h3>
        <StarRating rating={product.rating} reviewCount={product.reviewCount} />
        <div className="flex flex-wrap items-baseline gap-2">
          <span className="text-xl font-bold text-stone-900">{formatGBP(product.price)}</span>
          {saving && (
            <>
              <s className="text-sm text-stone-500">{formatGBP(product.originalPrice)}</s>
              <span className="text-sm font-semibold text-sage-600">Save {formatGBP(saving)}</span>
            </>
          )}
        </div>
        <div className="mt-auto pt-2">
          {!product.inStock ? (
            <button
              type="button"
              disabled
              className={`${button} cursor-not-allowed bg-stone-200 text-stone-600`}
            >
              Out of Stock
            </button>
          ) : signedIn ? (
            <Link to={href} className={`${button} bg-brand-700 text-white hover:bg-brand-800`}>
              View Details
            </Link>
          ) : (
            <a href={loginHref(href)} className={`${button} border border-brand-700 text-brand-700`}>
              Login to Purchase
            </a>
          )}
        </div>
      </div>
    </article>
  );
}
