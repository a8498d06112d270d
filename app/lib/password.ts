import { MIN_PASSWORD } from './limits';

/** docs/product.md §9: the strength bar is red below 8 characters, orange below 12, green otherwise. */
export function passwordStrength(password: string) {
  const length = password.length;
  if (length < MIN_PASSWORD)
    return { level: 'weak', label: 'Too short', percent: Math.max(10, (length / 12) * 100) } as const;
  if (length < 12) return { level: 'fair', label: 'Fair', percent: (length / 12) * 100 } as const;
  return { level: 'strong', label: 'Strong', percent: 100 } as const;
}
