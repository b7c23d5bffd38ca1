import { Link } from 'react-router-dom';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';

/** A member's name that opens their public profile. */
export function UserLink({ id, name, className }: { id: string; name: string; className?: string }) {
  return (
    <Link
      to={paths.user(id)}
      className={cn(
        'underline-offset-2 hover:underline focus-visible:rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600',
        className,
      )}
    >
      {name}
    </Link>
  );
}
