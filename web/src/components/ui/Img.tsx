import type { ImgHTMLAttributes } from 'react';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'width' | 'height'> & {
  src: string | null | undefined;
  /** Above the fold: load eagerly. Everything else is lazy. */
  eager?: boolean;
  width?: number;
  height?: number;
};

/** Every image has width and height (no layout shift) and loads lazily unless it is above the fold. */
export function Img({ src, eager, width = 800, height = 450, alt = '', className, ...rest }: Props) {
  return (
    <img
      src={src || '/demo/og-default.webp'}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={className}
      {...rest}
    />
  );
}
