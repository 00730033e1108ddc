// Choose, preview and upload a profile picture.
import { useEffect, useState } from 'react';
import Modal from '../../../components/modal';
import { Avatar } from '../../../components/avatar';
import { Busy } from '../../../components/loading';
import { useAuth } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { pictureProblem, PICTURE_TYPES, uploadPicture } from '../api/upload-picture';
import { MAX_UPLOAD_LABEL } from '#shared/uploads';

export function PictureModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  const { currentUser, setCurrentUser } = useAuth();
  // The chosen file with its preview's object URL, made as it is chosen.
  const [chosen, setChosen] = useState<{ file: File; preview: string }>();
  const file = chosen?.file;
  const preview = chosen?.preview;
  const setFile = (next: File | undefined) => setChosen(next ? { file: next, preview: URL.createObjectURL(next) } : undefined);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  // A preview replaced, dropped, or left as the page goes lets its image go.
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  const close = () => {
    setFile(undefined);
    setError(undefined);
    onHide();
  };

  const choose = (picked: File | undefined) => {
    setError(undefined);
    if (!picked) return setFile(undefined);
    const problem = pictureProblem(picked);
    if (problem) {
      setFile(undefined);
      setError(problem);
      return;
    }
    setFile(picked);
  };

  const upload = async () => {
    if (!file || !currentUser) return;
    setSaving(true);
    setError(undefined);
    try {
      const result = await uploadPicture(file);
      if (!result.success) return setError(result.message || 'The picture could not be uploaded.');
      setCurrentUser({ ...currentUser, profilePictureUrl: result.data.data?.profilePictureUrl });
      notify.success(result.message || 'Your profile picture is updated.');
      close();
    } catch {
      setError('The picture could not be uploaded. Please check your connection.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal show={show} onHide={close} centered aria-labelledby="picture-title">
      <Modal.Header closeButton>
        <Modal.Title id="picture-title" as="h2" className="h5 fw-bold">
          Profile picture
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div className="d-flex align-items-center gap-4 mb-3">
          <Avatar src={preview ?? currentUser?.profilePictureUrl} size={96} alt={preview ? 'Preview of the new picture' : 'Current picture'} />
          <p className="small text-body-secondary mb-0">
            {preview ? 'This is how your new picture will look.' : `A square JPEG, PNG, WebP or GIF works best. At most ${MAX_UPLOAD_LABEL}.`}
          </p>
        </div>
        <label htmlFor="picture-file" className="form-label fw-semibold small">
          Choose an image
        </label>
        <input
          id="picture-file"
          type="file"
          className={`form-control${error ? ' is-invalid' : ''}`}
          accept={PICTURE_TYPES.join(',')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'picture-error' : undefined}
          onChange={(e) => choose(e.target.files?.[0])}
        />
        {error && (
          <div id="picture-error" className="invalid-feedback d-block">
            {error}
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-light" onClick={close} disabled={saving}>
          Cancel
        </button>
        <button type="button" className="btn btn-primary" onClick={upload} disabled={!file || saving}>
          {saving ? <Busy>Uploading...</Busy> : 'Upload'}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
