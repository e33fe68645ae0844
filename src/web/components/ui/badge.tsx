import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn.ts';

const variants = {
  success: 'bg-success text-success-foreground',
  warning: 'bg-warning text-warning-foreground',
  muted: 'bg-muted text-muted-foreground',
} as const;

export function Badge({
  className,
  variant = 'muted',
  ...props
}: ComponentProps<'span'> & { variant?: keyof typeof variants }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
