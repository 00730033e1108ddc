// Stands in for busboy's urlencoded body type (@fastify/busboy/lib/types/urlencoded.js): functions parse
// only multipart/form-data with busboy (functions/http/http.ts answers 415 to anything else before
// parsing), so this type is never chosen. A detect pattern that matches nothing keeps it so (~4 KB).
'use strict';
function UrlEncoded() {
  throw new Error('This function was bundled without urlencoded body parsing.');
}
UrlEncoded.detect = /(?!)/;
module.exports = UrlEncoded;
