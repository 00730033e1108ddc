// Upload limits. In AWS a file reaches Lambda base64-encoded inside a request of at most 6 MB, so a
// file may be at most about 4.4 MB; 4 MB leaves room for the other form fields and the framing.
export const MAX_UPLOAD_BYTES = 4 * 1024 * 1024;
/** A multipart request: one file of MAX_UPLOAD_BYTES plus the form's other fields. */
export const MAX_UPLOAD_REQUEST_BYTES = MAX_UPLOAD_BYTES + 256 * 1024;
export const MAX_UPLOAD_LABEL = '4 MB';
