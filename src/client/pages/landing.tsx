import { LiveAuctionsPreview } from '../features/auctions/live-auctions-preview';
import { ExploreCall } from '../features/landing/explore-call';
import { FeatureHighlights } from '../features/landing/feature-highlights';
import { Hero } from '../features/landing/hero';

/** What visitors who are not signed in see at /. */
export function LandingPage() {
  return (
    <div className="space-y-12 sm:space-y-16">
      <Hero />
      <LiveAuctionsPreview />
      <FeatureHighlights />
      <ExploreCall />
    </div>
  );
}
