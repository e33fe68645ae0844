import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. Classes are joined, not merged: a component's className must add to its
 * own classes, never contradict them (a size variant instead of an overriding `h-14`); see
 * docs/decisions/0016-public-pages-javascript-budget.md.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
