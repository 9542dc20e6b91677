import { Sparkles } from 'lucide-react';
import { GoBackButton } from './go-back-button';
import { StatusScreen } from './status-screen';

/** Stands in for a screen that is not built yet (spec §2 route table). */
export function PlaceholderPage() {
  return (
    <StatusScreen
      icon={Sparkles}
      title="Exciting things are on the way!"
      actions={<GoBackButton />}
    >
      We are still building this page. Please check back soon.
    </StatusScreen>
  );
}
