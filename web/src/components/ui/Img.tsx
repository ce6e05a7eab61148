import { type FocalPoint, pictureSources } from '@site/shared';
import type { ImgHTMLAttributes } from 'react';

type Props = Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'loading' | 'fetchPriority'
> & {
  src: string | null | undefined;
  /**
   * How wide the picture is shown at each breakpoint (`picture-sizes.ts`): the browser picks the rung
   * from it before any CSS has loaded. Required, so no picture falls back to `100vw`.
   */
  sizes: string;
  /** The largest picture of the first screen: fetched first (`fetchpriority="high"`). Everything else is lazy. */
  eager?: boolean;
  /** Used when the address does not carry the picture's dimensions (a demo file, an external picture). */
  width?: number;
  height?: number;
};

const step = (n: number) => Math.round(n / 5) * 5;
/**
 * The focal point as classes (styles.css: `.focal` and `.fx-N`/`.fy-N` in steps of 5%), not a style
 * attribute: the CSP (style-src 'self') refuses style attributes in the server's HTML.
 */
export const focusClasses = (focus: FocalPoint | null) =>
  focus ? `focal fx-${step(focus.x)} fy-${step(focus.y)}` : '';

/**
 * Every picture a reader sees (issue 39). An uploaded original (`/uploads/{id}-{W}x{H}.webp`) is offered
 * in all its sizes, AVIF first and WebP in the `<img>`, with the original as `src` and its own width
 * and height (no layout shift); any other address (demo files, GIFs, external pictures, older names)
 * is a plain `<img>`. An editor's focal point (`#focus=x,y`) keeps its subject in view in any crop.
 */
export function Img({ src, sizes, eager, width = 800, height = 450, alt = '', className, ...rest }: Props) {
  const picture = pictureSources(src || '/demo/og-default.webp', { width, height });
  const classes = [className, focusClasses(picture.focus)].filter(Boolean).join(' ') || undefined;
  const load = eager
    ? ({ loading: 'eager', fetchPriority: 'high' } as const)
    : ({ loading: 'lazy' } as const);
  const fallback = picture.sets[picture.sets.length - 1];
  const img = (
    <img
      srcSet={fallback?.srcset}
      sizes={fallback ? sizes : undefined}
      src={picture.src}
      alt={alt}
      width={picture.width}
      height={picture.height}
      {...load}
      decoding="async"
      className={classes}
      {...rest}
    />
  );
  if (!fallback) return img;
  return (
    // `contents`: <picture> takes no box of its own, so the <img> lays out in the card's flex column
    // or grid cell exactly as a bare <img> did (a class, not a style attribute: see focusClasses).
    <picture className="contents">
      {picture.sets.slice(0, -1).map((set) => (
        <source key={set.format} type={set.type} srcSet={set.srcset} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
