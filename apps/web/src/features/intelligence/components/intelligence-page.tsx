import { PageHeader } from '../../../components/ui/page-header.tsx';
import { DeepResearchForm } from './deep-research-form.tsx';

/** Market Intelligence (/intelligence, spec 02 §2). */
export function IntelligencePage() {
  return (
    <>
      <PageHeader title="Market Intelligence" description="Funding signals and research across your data." />
      <div className="space-y-6">
        <DeepResearchForm />
      </div>
    </>
  );
}
