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
      {/* Each card is clickable as a whole, but its link is only the title: a screen reader hears the
          document's name as the link and the summary as text, and the name matches what is seen. */}
      <ul className="grid gap-4 md:grid-cols-2">
        {legalDocuments.map((doc) => (
          <li
            key={doc.slug}
            className="group relative flex gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition-colors hover:border-accent-300 hover:bg-accent-50/40 has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-accent-600"
          >
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-50 text-accent-700">
              <FileText aria-hidden="true" className="size-5" />
            </span>
            <div className="min-w-0 flex-1">
              <h2 className="flex items-center justify-between gap-2 text-base font-semibold text-slate-900 group-hover:text-accent-800">
                <Link
                  to={paths.legalDocument(doc.slug)}
                  className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none"
                >
                  {doc.title}
                </Link>
                <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-400 group-hover:text-accent-700" />
              </h2>
              <p className="mt-1 text-sm leading-6 text-slate-600">{doc.summary}</p>
              <p className="mt-2 text-xs text-slate-500">Last updated {formatLastUpdated(doc.lastUpdated)}</p>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
