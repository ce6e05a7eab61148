import { discountPercent, formatGBP, type Product, savingAmount } from '@site/shared';
import { useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Img } from '../../components/ui/Img';
import { PRODUCT_LEAD_SIZES, RELATED_PRODUCT_SIZES } from '../../components/ui/picture-sizes';
import { httpStatus } from '../../lib/api';
import { Seo, SiteContext, useHttpStatus } from '../../lib/seo';
import { useCurrentUser } from '../../lib/use-current-user';
import { LoginRequired, Spinner } from '../shop/components/LoginRequired';
import { ProductCard } from '../shop/components/ProductCard';
import { StarRating } from '../shop/components/StarRating';
import { parseId, productKey, relatedProductsKey } from '../shop/queries';
import { productJsonLd } from './product-json-ld';

/** The affiliate click-through: the server counts the click, then redirects to the partner. */
export const goHref = (id: number) => `/go/${id}?from=${encodeURIComponent(`/product/${id}`)}`;

function NotAvailable({ status, reason }: { status: number; reason: string }) {
  useHttpStatus(status);
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <Seo title="Product Not Available" description="This product is no longer available." noindex />
      <h1 className="font-serif text-3xl font-bold">Product Not Available</h1>
      <p className="mt-2 text-sm text-stone-500">{reason}</p>
      <p className="mt-4 text-stone-600">
        This product may have sold out or been removed. Have a look at the rest of the{' '}
        <Link to="/shop" className="font-semibold text-brand-700 underline">
          shop
        </Link>
        .
      </p>
      <Link
        to="/shop"
        className="mt-8 inline-block rounded-full bg-brand-700 px-5 py-2 font-semibold text-white"
      >
        Back to Shop
      </Link>
    </section>
  );
}

function RelatedProducts({ product }: { product: Product }) {
  const related = useQuery<Product[]>({
    queryKey: relatedProductsKey(product.categoryId ?? 0, product.id),
    enabled: product.categoryId !== null,
  });
  const list = (related.data ?? []).filter((p) => p.id !== product.id);
  if (!list.length) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-16 no-print">
      <h2 id="related-heading" className="font-serif text-2xl font-semibold text-stone-900">
        You May Also Like
      </h2>
      <div className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {list.map((p) => (
          <ProductCard key={p.id} product={p} signedIn sizes={RELATED_PRODUCT_SIZES} />
        ))}
      </div>
    </section>
  );
}

function ProductDetail({ product }: { product: Product }) {
  const site = useContext(SiteContext);
  const discount = discountPercent(product.price, product.originalPrice);
  const saving = savingAmount(product.price, product.originalPrice);
  const onMissingLink = () => window.alert('Affiliate link not available for this product.');
  return (
    <article className="mx-auto max-w-6xl px-4 py-10">
      <Seo
        title={product.title}
        description={product.description.slice(0, 160)}
        keywords={[...product.tags, product.vendor ?? 'shop']}
        image={product.imageUrl}
        type="product"
        noindex
        jsonLd={productJsonLd(product, site.siteUrl)}
      />
      <Link to="/shop" className="text-sm font-semibold text-brand-700 hover:underline">
        ← Back to Shop
      </Link>
      <div className="mt-6 grid gap-10 md:grid-cols-2">
        <div className="overflow-hidden rounded-2xl bg-stone-100">
          {product.imageUrl && (
            <Img
              src={product.imageUrl}
              sizes={PRODUCT_LEAD_SIZES}
              eager
              alt={product.title}
              width={600}
              height={600}
              className="h-full w-full object-cover"
            />
          )}
        </div>
        <div className="flex flex-col gap-4">
          <h1 className="font-serif text-3xl font-bold text-stone-900">{product.title}</h1>
          <StarRating rating={product.rating} reviewCount={product.reviewCount} />
          <div className="flex flex-wrap items-baseline gap-3">
            <span className="text-3xl font-bold text-stone-900">{formatGBP(product.price)}</span>
            {saving && (
              <>
                <s className="text-lg text-stone-500">{formatGBP(product.originalPrice)}</s>
                <span className="rounded-full bg-brand-100 px-2 py-1 text-sm font-bold text-brand-800">
                  {discount}% OFF
                </span>
              </>
            )}
          </div>
          <p className="whitespace-pre-line text-stone-700">{product.description}</p>
          {product.features.length > 0 && (
            <div>
              <h2 className="font-semibold text-stone-900">Key Features</h2>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-stone-700">
                {product.features.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            </div>
          )}
          <p className="text-sm text-stone-600">
            Sold by{' '}
            <span className="font-semibold text-stone-900">{product.vendor || 'Trusted Partner'}</span>
          </p>
          {product.inStock ? (
            <span className="w-fit rounded-full bg-sage-100 px-3 py-1 text-sm font-semibold text-sage-600">
              In Stock
            </span>
          ) : (
            <span className="w-fit rounded-full bg-stone-200 px-3 py-1 text-sm font-semibold text-stone-700">
              Out of Stock
            </span>
          )}
          {product.affiliateUrl ? (
            <a
              href={goHref(product.id)}
              target="_blank"
              rel="sponsored nofollow noopener noreferrer"
              className="rounded-full bg-brand-700 px-6 py-3 text-center font-semibold text-white hover:bg-brand-800"
            >
              Buy Now
            </a>
          ) : (
            <button
              type="button"
              onClick={onMissingLink}
              className="rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
            >
              Buy Now
            </button>
          )}
          <p className="text-xs text-stone-500">
            We may earn a commission if you buy through this link, at no extra cost to you. It helps keep
            Bloom &amp; Balance running.
          </p>
        </div>
      </div>
      <RelatedProducts product={product} />
    </article>
  );
}

/** Spec §2 Product page (sign-in only; noindex). */
export function ProductPage() {
  const id = parseId(useParams().id);
  const { isAuthenticated, isLoading } = useCurrentUser();
  const product = useQuery<Product>({
    queryKey: productKey(id ?? 0),
    enabled: isAuthenticated && id !== null,
    // A 404 from the server render stays a 404 here: no refetch on mount, so the server answers
    // with the not-found screen and its status instead of a spinner with 200.
    retryOnMount: false,
  });
  if (isLoading) return <Spinner />;
  if (!isAuthenticated) return <LoginRequired what="product" />;
  if (id === null) return <NotAvailable status={404} reason="Product not found" />;
  if (product.isPending) return <Spinner label="Loading product" />;
  if (product.isError) {
    const status = httpStatus(product.error) ?? 500;
    // Spec §8: a 404 reads "Product not found"; anything else "Failed to load product".
    return status === 404 ? (
      <NotAvailable status={404} reason="Product not found" />
    ) : (
      <NotAvailable status={200} reason="Failed to load product" />
    );
  }
  return <ProductDetail product={product.data} />;
}
