import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { PIPELINE_COPY } from './create-deal/create-deal-copy.ts';
import { CreateDealForm } from './create-deal/create-deal-form.tsx';

/** Spec 02 New Deal form, opened from the pipeline: the company is named by typing it. */
export function NewDealDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const close = () => onOpenChange(false);
  return (
    <ModalDialog
      size="lg"
      open={open}
      onOpenChange={onOpenChange}
      title="New Deal"
      description="Add a deal to the pipeline. It is scored against your thesis as soon as it is saved."
    >
      <CreateDealForm copy={PIPELINE_COPY} onCreated={close} onCancel={close} />
    </ModalDialog>
  );
}
