import { Link } from 'react-router-dom';
import { paths } from '../../lib/paths';

const links = [
  { label: 'About', to: paths.about },
  { label: 'Legal', to: paths.legal },
  { label: 'Contact', to: paths.contact },
];

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>© {new Date().getFullYear()} Open Auction · an educational demo</p>
        <nav aria-label="Footer">
          <ul className="flex gap-6">
            {links.map((link) => (
              <li key={link.label}>
                <Link to={link.to} className="rounded font-medium text-slate-700 hover:text-accent-700 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
