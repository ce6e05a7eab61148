import { ComparisonCard } from './ComparisonCard';
import { ImageReviewCard } from './ImageReviewCard';
import { ReviewGeneratorCard } from './ReviewGeneratorCard';
import { SettingsCard } from './SettingsCard';

/** AI Content tab (spec §2): every tool saves a draft article for an editor to review. */
export function AiTab() {
  return (
    <div className="grid gap-6 py-6 lg:grid-cols-2">
      <ImageReviewCard />
      <ReviewGeneratorCard />
      <ComparisonCard />
      <SettingsCard />
    </div>
  );
}
