import { type Product, type ProductCategory, SKELETONS } from '@site/shared';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { HydrationSlice } from '../../components/ui/HydrationSlice';
import { CARD_GRID_SIZES } from '../../components/ui/picture-sizes';
import { IN_PAGE } from '../../lib/route-focus';
import { Seo, useHttpStatus } from '../../lib/seo';
import { useCurrentUser } from '../../lib/use-current-user';
import { ProductCard } from './components/ProductCard';
import { categoriesKey, loginHref, parseId, productsKey } from './queries';

const chip = 'rounded-full border px-4 py-2 text-sm font-medium transition-colors';
const chipOn = `${chip} border-brand-700 bg-brand-700 text-white`;
const chipOff = `${chip} border-stone-300 bg-white text-stone-700 hover:border-brand-700`;

function CardSkeleton() {
  return (
    <div
      className="animate-pulse overflow-hidden rounded-xl border border-stone-200 bg-white"
      data-testid="skeleton"
    >
      <div className="aspect-square bg-stone-200" />
      <div className="space-y-2 p-4">
        <div className="h-3 w-1/3 rounded bg-stone-200" />
        <div className="h-5 w-3/4 rounded bg-stone-200" />
        <div className="h-5 w-1/4 rounded bg-stone-200" />
      </div>
    </div>
  );
}

/** Spec §2 Shop: /shop and /shop/{categoryId}. */
export function ShopPage() {
  const { categoryId: param } = useParams();
  const categoryId = param === undefined ? undefined : parseId(param);
  const { isAuthenticated } = useCurrentUser();
  const categories = useQuery<ProductCategory[]>({ queryKey: categoriesKey() });
  const products = useQuery<Product[]>({
    queryKey: productsKey(categoryId ?? undefined),
    enabled: categoryId !== null,
  });
  const category = categoryId ? categories.data?.find((c) => c.id === categoryId) : undefined;
  const unknownCategory =
    categoryId === null || (categoryId !== undefined && categories.isSuccess && !category);
  useHttpStatus(unknownCategory ? 404 : 200);

  const list = products.data ?? [];
  // A category's page is named by its category, in the title and the h1 alike (issue 41).
  const heading = category ? `${category.name} products` : 'Shop Our Favourites';
  const description =
    category?.description ||
    'Hand-picked wellness, beauty, style and home finds our editors love, with honest prices in pounds.';
  const path = categoryId ? `/shop/${categoryId}` : '/shop';

  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <Seo
        title={category ? `${category.name} - Shop` : 'Shop - Curated Wellness & Lifestyle Products'}
        description={description}
        keywords={['shop', 'wellness products', 'beauty', 'lifestyle', ...(category ? [category.name] : [])]}
        path={path}
        noindex={unknownCategory}
      />
      <div className="text-center">
        {category && (
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Curated Shop</p>
        )}
        <h1 className="font-serif text-4xl font-bold text-stone-900">
          {category ? category.name : 'Curated Shop'}
        </h1>
        <p className="mx-auto mt-3 max-w-2xl text-stone-600">
          Products we have tried and loved. Some links are affiliate links: we may earn a commission at no
          extra cost to you.
        </p>
      </div>

      {!isAuthenticated && (
        <div className="mx-auto mt-6 flex max-w-2xl flex-col items-center gap-3 rounded-xl border border-brand-200 bg-brand-50 p-5 text-center sm:flex-row sm:text-left">
          <div className="flex-1">
            <h2 className="font-semibold text-stone-900">Sign In to Shop</h2>
            <p className="text-sm text-stone-600">
              Sign in to see product details and buy from our partners.
            </p>
          </div>
          <a
            href={loginHref(path)}
            className="rounded-full bg-brand-700 px-5 py-2 text-sm font-semibold text-white"
          >
            Sign In
          </a>
        </div>
      )}

      <nav aria-label="Product categories" className="mt-8 flex flex-wrap justify-center gap-2">
        <Link
          to="/shop"
          state={IN_PAGE}
          className={categoryId === undefined ? chipOn : chipOff}
          aria-current={categoryId === undefined ? 'page' : undefined}
        >
          All Categories
        </Link>
        {categories.data?.map((c) => (
          <Link
            key={c.id}
            to={`/shop/${c.id}`}
            // A filter: focus stays on it though each category is its own page (lib/route-focus.ts).
            state={IN_PAGE}
            className={c.id === categoryId ? chipOn : chipOff}
            aria-current={c.id === categoryId ? 'page' : undefined}
          >
            {c.name}
          </Link>
        ))}
      </nav>

      {unknownCategory ? (
        <div className="py-16 text-center">
          <h2 className="font-serif text-2xl font-semibold">Category not found</h2>
          <p className="mt-2 text-stone-600">That shop category doesn't exist.</p>
          <Link to="/shop" className="mt-6 inline-block font-semibold text-brand-700 underline">
            Browse all products
          </Link>
        </div>
      ) : (
        <>
          <div className="mt-8">
            <h2 className="font-serif text-2xl font-semibold text-stone-900">{heading}</h2>
            <p className="mt-1 text-stone-600">{description}</p>
            {products.isSuccess && (
              <p className="mt-2 text-sm text-stone-500" data-testid="product-count">
                {/* One string, so the server HTML reads as one sentence. */}
                {`Showing ${list.length} ${list.length === 1 ? 'product' : 'products'} ${
                  category ? `in ${category.name}` : 'across all categories'
                }`}
              </p>
            )}
          </div>
          {products.isError && (
            <p role="alert" className="mt-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-800">
              Failed to fetch products
            </p>
          )}
          {products.isPending && categoryId !== null ? (
            <div className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {Array.from({ length: SKELETONS.publicList }, (_, i) => (
                <CardSkeleton key={i} />
              ))}
            </div>
          ) : products.isSuccess && list.length === 0 ? (
            <div className="py-16 text-center">
              <h3 className="font-serif text-2xl font-semibold">No Products Available</h3>
              <p className="mt-2 text-stone-600">Check back soon: we are adding new finds all the time.</p>
            </div>
          ) : (
            <div className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {/* The first card is the first screen's largest picture on a phone; the rest are lazy (in view, they load at once). */}
              {list.map((p, i) => (
                <HydrationSlice key={p.id}>
                  <ProductCard
                    product={p}
                    signedIn={isAuthenticated}
                    sizes={CARD_GRID_SIZES}
                    eager={i === 0}
                  />
                </HydrationSlice>
              ))}
            </div>
          )}
        </>
      )}
    </section>
  );
}
