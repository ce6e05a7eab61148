/** A link that looks like the admin's secondary button. */
export const buttonLike =
  'inline-block rounded-md border border-stone-300 bg-white px-3 py-2 text-sm font-medium text-stone-800 hover:bg-stone-50';
