import { useLocation } from 'react-router-dom';
import { Banner } from '../components/banner';
import type { HomeNotice } from '../features/account/delete-account';
import { LiveAuctionsPreview } from '../features/auctions/live-auctions-preview';
import { ExploreCall } from '../features/landing/explore-call';
import { FeatureHighlights } from '../features/landing/feature-highlights';
import { Hero } from '../features/landing/hero';

/** What visitors who are not signed in see at /. */
export function LandingPage() {
  // A message the last page left on its way here (an account just deleted).
  const { notice } = (useLocation().state as HomeNotice | null) ?? {};
  return (
    <div className="space-y-12 sm:space-y-16">
      {notice && <Banner tone="success">{notice}</Banner>}
      <Hero />
      <LiveAuctionsPreview />
      <FeatureHighlights />
      <ExploreCall />
    </div>
  );
}
