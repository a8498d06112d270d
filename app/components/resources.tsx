// A resource's photo and status as /resources and its own page show them (docs/product.md §10).
import type { ResourceStatus as Status } from '~/lib/bookings/rules';
import { assetUrl, PROJECT_PLACEHOLDER } from '~/lib/images';

const PHOTO_WIDTHS = [340, 640, 960];

/** The photo at 16:10, or the placeholder when it has none (or its file is gone: the asset route's fallback). */
export function ResourcePhoto({
  photo,
  loading = 'lazy',
  sizes = '(max-width: 700px) 100vw, (max-width: 1100px) 50vw, 400px',
  className = 'resource-photo',
}: {
  photo: { id: string } | null;
  loading?: 'lcp' | 'lazy';
  sizes?: string;
  className?: string;
}) {
  return (
    <img
      className={className}
      src={photo ? assetUrl(photo.id, 640, 'project') : PROJECT_PLACEHOLDER}
      srcSet={
        photo ? PHOTO_WIDTHS.map((w) => `${assetUrl(photo.id, w, 'project')} ${w}w`).join(', ') : undefined
      }
      sizes={photo ? sizes : undefined}
      width={640}
      height={400}
      alt=""
      loading={loading === 'lazy' ? 'lazy' : 'eager'}
      // React 18 knows no fetchPriority prop; the lowercase attribute passes through as it is.
      {...(loading === 'lcp' ? { fetchpriority: 'high' } : {})}
      decoding="async"
    />
  );
}

export function ResourceStatus({ status }: { status: Status }) {
  return status === 'available' ? (
    <span className="badge badge-available">Available</span>
  ) : (
    <span className="badge badge-out">Out of service</span>
  );
}
