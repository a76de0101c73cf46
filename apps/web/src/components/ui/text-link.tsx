import { Link, type LinkProps } from 'react-router';
import { cn } from './cn.ts';

export const textLinkClasses =
  'font-medium text-indigo-600 underline-offset-4 hover:text-indigo-700 hover:underline focus-visible:rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500';

export function TextLink({ className, ...props }: LinkProps) {
  return <Link className={cn(textLinkClasses, className)} {...props} />;
}
