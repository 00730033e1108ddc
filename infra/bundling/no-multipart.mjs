// Stands in for @middy/http-multipart-body-parser in functions whose route takes no uploads
// (the route table says which do), keeping busboy (~25 KB minified) out of their bundles.
export default function multipartBodyParser() {
  throw new Error('This function was bundled without multipart support: its route row has no body: "multipart".');
}
