// A person's picture in a circle: their avatar URL (a photo they uploaded, or the initial the server
// draws). Should it fail to load, the initial is drawn here instead: never a broken image.
import { useState } from 'react';
import { cn } from '../lib/cn';

interface AvatarProps {
  src: string;
  name: string;
  /** The size (for example `size-12`) and anything else for the circle. */
  className?: string;
}

export function Avatar({ src, name, className }: AvatarProps) {
  // The URL that failed, so that a new one (a photo just uploaded) is tried again.
  const [failed, setFailed] = useState<string | null>(null);
  const base = cn('shrink-0 rounded-full ring-1 ring-slate-200', className);
  if (failed !== src) {
    return <img src={src} alt="" className={cn(base, 'bg-slate-100 object-cover')} onError={() => setFailed(src)} />;
  }
  const initial = (Array.from(name.trim())[0] ?? '?').toUpperCase();
  return (
    <span aria-hidden="true" className={cn(base, 'flex items-center justify-center bg-slate-600 font-semibold text-white')}>
      {initial}
    </span>
  );
}
