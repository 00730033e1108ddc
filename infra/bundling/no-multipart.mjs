// Stands in for busboy (functions/lib/multipart.ts) in functions whose route takes no uploads
// (the route table says which do), keeping it (~25 KB minified) out of their bundles.
export default function busboy() {
  throw new Error('This function was bundled without multipart support: its route row has no body: "multipart".');
}
