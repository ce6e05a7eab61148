/** Shared class names, so buttons and links look alike across features. */
export const buttonClass = {
  primary:
    'inline-flex items-center justify-center gap-2 rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60',
  secondary:
    'inline-flex items-center justify-center gap-2 rounded-full border border-brand-700 px-5 py-2.5 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60',
  ghost:
    'inline-flex items-center justify-center gap-2 rounded-full px-3 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100',
} as const;
