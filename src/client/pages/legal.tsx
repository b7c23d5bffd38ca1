import { ChevronRight, FileText } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../components/page-header';
import { legalDocuments } from '../features/legal/documents';
import { formatLastUpdated } from '../features/legal/legal-text';
import { paths } from '../lib/paths';

/** /legal (also /Legal): the index of the five legal documents. */
export function LegalIndexPage() {
  return (
    <>
      <title>Legal · Open Auction</title>
      <PageHeader
        title="Legal"
        description="The rules and policies of Open Auction, in plain language. It is a demo for learning, but the rules still apply."
      />
      <ul className="grid gap-4 md:grid-cols-2">
        {legalDocuments.map((doc) => (
          <li key={doc.slug}>
            <Link
              to={`${paths.legal}/${doc.slug}`}
              aria-labelledby={`legal-${doc.slug}-title`}
              aria-describedby={`legal-${doc.slug}-summary`}
              className="group flex h-full gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition-colors hover:border-accent-300 hover:bg-accent-50/40"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-50 text-accent-700">
                <FileText aria-hidden="true" className="size-5" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-center justify-between gap-2">
                  <span id={`legal-${doc.slug}-title`} className="font-semibold text-slate-900 group-hover:text-accent-800">{doc.title}</span>
                  <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-400 group-hover:text-accent-700" />
                </span>
                <span id={`legal-${doc.slug}-summary`} className="mt-1 block text-sm leading-6 text-slate-600">{doc.summary}</span>
                <span className="mt-2 block text-xs text-slate-500">Last updated {formatLastUpdated(doc.lastUpdated)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
