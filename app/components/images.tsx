import type { AssetRef } from '~/lib/models';
import { assetSrcSet, assetUrl, DEFAULT_BANNER, initialsAvatarUrl, PROJECT_PLACEHOLDER } from '~/lib/images';

interface AvatarProps {
  asset: AssetRef | null;
  name: string;
  size: number;
  className?: string;
  lazy?: boolean;
  /** Avatars next to a visible name are decorative; give alt text when the image stands alone. */
  alt?: string;
}

/** A member's avatar; without one (or when the file is gone) the initials avatar shows instead. */
export function Avatar({ asset, name, size, className, lazy = true, alt = '' }: AvatarProps) {
  const fallback = { initials: name };
  return (
    <img
      className={className ?? 'avatar'}
      src={asset ? assetUrl(asset.id, size, fallback) : initialsAvatarUrl(name)}
      srcSet={asset ? assetSrcSet(asset.id, size, fallback) : undefined}
      width={size}
      height={size}
      alt={alt}
      loading={lazy ? 'lazy' : 'eager'}
      decoding="async"
    />
  );
}

interface BannerProps {
  asset: AssetRef | null;
  kind: 'banner' | 'project';
  className?: string;
  /**
   * `lcp`: the page's largest paint, fetched first (eager, high priority); `lazy` (the default):
   * loaded as it nears the viewport, without taking a phone's bandwidth from the largest paint.
   */
  loading?: 'lcp' | 'lazy';
  width?: number;
  height?: number;
  /** the width it is shown at, for srcset (default: the page's width, up to 1280 px) */
  sizes?: string;
}

// 960 sits between 640 and 1280 so that a portfolio card (about 370 px wide) on a phone at 1.75x,
// which needs 648 px, does not fetch the 1280 px file.
const BANNER_WIDTHS = [640, 960, 1280, 1920];

/** A wide banner image; falls back to the lab header (members) or the project placeholder. */
export function Banner({
  asset,
  kind,
  className,
  loading = 'lazy',
  width = 1200,
  height = 300,
  sizes = '(max-width: 1280px) 100vw, 1280px',
}: BannerProps) {
  const placeholder = kind === 'banner' ? DEFAULT_BANNER : PROJECT_PLACEHOLDER;
  return (
    <img
      className={className ?? 'banner'}
      src={asset ? assetUrl(asset.id, 1280, kind) : placeholder}
      srcSet={asset ? BANNER_WIDTHS.map((w) => `${assetUrl(asset.id, w, kind)} ${w}w`).join(', ') : undefined}
      sizes={asset ? sizes : undefined}
      width={width}
      height={height}
      alt=""
      loading={loading === 'lazy' ? 'lazy' : 'eager'}
      // React 18 knows no fetchPriority prop; the lowercase attribute passes through as it is.
      {...(loading === 'lcp' ? { fetchpriority: 'high' } : {})}
      decoding={loading === 'lcp' ? 'sync' : 'async'}
    />
  );
}
