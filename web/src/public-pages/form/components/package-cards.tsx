// A form with several packages: their cards, and the form in a dialog for the one chosen.
import type { ReactNode } from 'react';
import type { Issue } from '#shared/forms/validate';
import { packagesPerRow, showSelectButton } from '#shared/forms/page';
import Modal from '../../../components/modal';
import type { PublicForm } from '../api';
import { ErrorList } from './error-list';
import { PackageCard } from './package-card';

export function PackageCards({ form, packageId, issues, dialogOpen, processing, onSelect, onHide, children }: {
  form: PublicForm;
  packageId?: string;
  issues: Issue[];
  dialogOpen: boolean;
  /** While the form is sent, the dialog stays open. */
  processing: boolean;
  onSelect: (packageId: string) => void;
  onHide: () => void;
  /** The form, shown in the dialog. */
  children: ReactNode;
}) {
  const perRow = packagesPerRow(form.packages.length);
  return (
    <>
      {!dialogOpen && <ErrorList issues={issues.filter((i) => i.key === 'packageId')} />}
      <div className={`row row-cols-1 row-cols-md-2 ${perRow === 3 ? 'row-cols-lg-3' : ''} g-4`} data-per-row={perRow}>
        {form.packages.map((p) => (
          <div className="col" key={p.id}>
            <PackageCard pkg={p} selected={p.id === packageId} showSelect={showSelectButton(form.packages, p)} onSelect={() => onSelect(p.id)} />
          </div>
        ))}
      </div>
      <Modal show={dialogOpen} onHide={() => !processing && onHide()} centered size="lg" aria-labelledby="public-form-dialog-title">
        <Modal.Header closeButton={!processing}>
          <Modal.Title id="public-form-dialog-title" as="h2" className="h5 fw-bold">
            {form.name}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal>
    </>
  );
}
